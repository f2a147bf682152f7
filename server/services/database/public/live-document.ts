// The live OpenAPI 3.1 document of an app's database: built at each request from the collections'
// attributes (nothing cached, so a field added a moment ago is in it), holding the collections the
// caller may reach.
import type { AppContext } from '../../../context';
import type { JsonSchemaObject } from '../../../../rules/json-schema';
import { dbCollections } from '../model';
import { identifyCaller } from './callers';
import type { Caller } from './callers';
import { challengedOn401 } from './challenge';
import { collectionPart, errors, pascalName, WRITE_ERRORS } from './collection-paths';
import type { CollectionDoc } from '../model';
import { RULE_NAMES, ruleFilter, rulesOf } from './rules';
import type { RuleName } from './rules';
import { batchPart } from './batch-document';
import { expandTargets } from './expand-document';
import { FILTER_COMPONENTS } from './filter-schema';
import { livePart } from './live-paths';
import { WRITE_COMPONENTS } from './write-schemas';

export const dataApiBase = (appId: string): string => `/api/v1/data/${encodeURIComponent(appId)}`;

const ERROR_SCHEMA: JsonSchemaObject = {
  type: 'object',
  required: ['success', 'data', 'message'],
  properties: {
    success: { type: 'boolean', const: false },
    data: { type: 'null' },
    message: { type: 'string' },
    fieldErrors: { type: 'object', additionalProperties: { type: 'string' } },
    requestId: { type: 'string', description: 'The id of this request in the server log, also in the X-Request-Id header; quote it when asking for help.' },
  },
};

const SECURITY_SCHEMES: JsonSchemaObject = {
  appCredentials: { type: 'http', scheme: 'basic', description: 'The app itself: App ID as the user name, App Secret as the password.' },
  installToken: { type: 'http', scheme: 'bearer', description: "An app user's access token from the install flow." },
};

/** Schemas every collection's part refers to. */
const SHARED_SCHEMAS: Record<string, JsonSchemaObject> = { Error: ERROR_SCHEMA, ...FILTER_COMPONENTS, ...WRITE_COMPONENTS };

/** A distinct type name per collection, even when two names differ only in punctuation. */
function uniqueNames(names: string[]): string[] {
  const taken = new Set<string>(Object.keys(SHARED_SCHEMAS));
  return names.map((name) => {
    const base = pascalName(name);
    let candidate = base;
    for (let n = 2; taken.has(candidate); n += 1) candidate = `${base}${n}`;
    taken.add(candidate);
    return candidate;
  });
}

/** The rules the caller is not refused by outright; the app is refused by none. */
const allowedRules =
  ({ collection, caller }: { collection: CollectionDoc; caller: Caller }) =>
  (rule: RuleName): boolean =>
    ruleFilter({ collection, rule, caller }).allow !== 'none';

export async function liveDocument({
  ctx,
  appId,
  authorization,
  sessionUserId,
}: {
  ctx: AppContext;
  appId: string;
  authorization?: string;
  sessionUserId?: string;
}): Promise<JsonSchemaObject> {
  // Not metered: anybody may fetch the document, and that must not use up the app's requests.
  const { caller } = await challengedOn401({ ctx, appId, authorization }, () => identifyCaller({ ctx, appId, authorization, sessionUserId }));
  const collections = await dbCollections(ctx).find({ appId }, { sort: { created: 1 } });
  const reachable = collections.map((collection) => ({ collection, allowed: allowedRules({ collection, caller }) })).filter(({ allowed }) => RULE_NAMES.some(allowed));
  const typeNames = uniqueNames(reachable.map(({ collection }) => collection.name));
  const typeOf = new Map(reachable.map(({ collection }, index) => [collection.name, { collection, typeName: typeNames[index] }]));
  const parts = reachable.map(({ collection, allowed }, index) =>
    collectionPart({
      collection,
      allowed,
      rules: rulesOf(collection),
      typeName: typeNames[index],
      base: `${dataApiBase(appId)}/collections/${collection.name}`,
      ...expandTargets({ collection, typeOf }),
    }),
  );
  const batch = batchPart({
    base: dataApiBase(appId),
    errors: errors(WRITE_ERRORS),
    targets: reachable.map(({ collection, allowed }, index) => ({ name: collection.name, typeName: typeNames[index], create: allowed('create'), update: allowed('update'), delete: allowed('delete') })),
  });
  // Followable where a list or a get is: each event is then checked against the record (live/visible-to.ts).
  const readable = reachable.flatMap(({ collection, allowed }, index) => (allowed('list') || allowed('view') ? [{ collection, typeName: typeNames[index] }] : []));
  parts.push(livePart({ base: dataApiBase(appId), readable }));
  return {
    openapi: '3.1.0',
    info: {
      title: `${ctx.config.brand} data API of app ${appId}`,
      version: new Date(Math.max(0, ...collections.map((collection) => Date.parse(collection.updated) || 0))).toISOString(),
      description:
        'Documents of the app\'s collections, described from their fields at each request. Authenticate as the app with HTTP Basic (App ID and App Secret) or as one of its users with the access token of the install flow (Bearer); collections open to the public need neither.',
    },
    servers: [{ url: ctx.config.publicUrl }],
    tags: [
      ...reachable.map(({ collection }) => ({ name: collection.name, description: collection.displayName })),
      ...(batch.schemas.Batch_Request ? [{ name: 'batch', description: 'Several writes at once' }] : []),
      ...(readable.length > 0 ? [{ name: 'live', description: 'Live changes of documents (Server-Sent Events)' }] : []),
    ],
    paths: Object.assign({}, ...parts.map((part) => part.paths), batch.paths),
    components: {
      securitySchemes: SECURITY_SCHEMES,
      schemas: Object.assign({ ...SHARED_SCHEMAS }, ...parts.map((part) => part.schemas), batch.schemas),
    },
  };
}
