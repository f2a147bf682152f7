// The owner's side of a collection's public access rules (Settings tab): read, set, try as a caller.
import type {
  GetCollectionAccessData,
  GetCollectionAccessResponse,
  SetCollectionAccessData,
  SetCollectionAccessResponse,
  TryCollectionRulesData,
  TryCollectionRulesResponse,
} from '../../../generated/client/types.gen';
import { handler, requireUserId } from '../../http/handler';
import { getCollectionAccess as readAccess, setCollectionAccess as writeAccess } from '../../services/database/public/access-rules';
import { ownedAppId } from '../../services/developer/owned-app';
import { tryRules } from '../../services/database/public/rules-trial';

export const getCollectionAccess = handler<GetCollectionAccessData, GetCollectionAccessResponse>(async ({ ctx, req, path }) => ({
  data: await readAccess({ ctx, appId: await ownedAppId({ ctx, userId: requireUserId(req), appId: path.appId }), name: path.name }),
}));

export const setCollectionAccess = handler<SetCollectionAccessData, SetCollectionAccessResponse>(async ({ ctx, req, path, body }) => ({
  data: await writeAccess({ ctx, appId: await ownedAppId({ ctx, userId: requireUserId(req), appId: path.appId }), name: path.name, access: body }),
  message: 'Access rules updated successfully',
}));

export const tryCollectionRules = handler<TryCollectionRulesData, TryCollectionRulesResponse>(async ({ ctx, req, path, body }) => ({
  data: await tryRules({ ctx, appId: await ownedAppId({ ctx, userId: requireUserId(req), appId: path.appId }), name: path.name, as: body.as, rules: body.rules }),
}));
