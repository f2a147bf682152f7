// The Schemathesis runs of `npm run test:fuzz`, in order. Every operation is fuzzed signed in
// as the demo developer and as the demo site owner; the operations that end or replace the
// session they are called with get runs of their own, after the others, so they cannot sign
// the broad runs out half-way (every later request would only test the 401 path).
import { DEMO_APPS } from '../../server/demo/developer';

/** `app`: the demo app itself, with its App ID and App Secret (HTTP Basic). */
export type Identity = 'developer' | 'owner' | 'none' | 'app';

export interface FuzzRun {
  name: string;
  as: Identity;
  /** Only these operations (by operationId, or by path pattern); all others when absent. */
  include?: string[];
  includePath?: string;
  exclude?: string[];
  /** Fixed values for these parameters wherever an operation has them. */
  parameters?: Record<string, string>;
  /** Follow the document's OpenAPI links (only runs that select linked operations). */
  stateful: boolean;
  /** Test cases per operation and phase. */
  maxExamples: number;
  /** The demo app's live document (GET /api/v1/data/{appId}/openapi.json) instead of the bundled one. */
  liveDocument?: boolean;
  /** Every check Schemathesis has, not only CHECKS: the document must be exact, not only honoured. */
  allChecks?: boolean;
}

/** Random ids almost never name a real app: one run pins the demo app, with a year of data. */
export const DEMO_APP_ID = DEMO_APPS.find((app) => app.status === 'published')?.appId ?? '';

/** Sign-in operations replace the session; logout, password change and deletion end it. */
const SIGN_IN = ['registerUser', 'loginUser'];
const ENDS_SESSION = ['logoutUser', 'changePassword', 'deleteAccount'];

export const CHECKS = [
  'not_a_server_error',
  'response_schema_conformance',
  'status_code_conformance',
  'content_type_conformance',
  'response_headers_conformance',
];

export const FUZZ_RUNS: FuzzRun[] = [
  // First, on the demo data as seeded (products and reviews): what the app's own document promises,
  // with every check, so a schema-valid request refused or a schema-invalid one taken is a failure.
  { name: "the demo app's live data document, as the app, every check", as: 'app', liveDocument: true, allChecks: true, stateful: false, maxExamples: 12 },
  { name: 'developer, every operation but sign-in and session-ending ones', as: 'developer', exclude: [...SIGN_IN, ...ENDS_SESSION], stateful: true, maxExamples: 12 },
  // Deleting the demo app would leave the rest of this run 404s; runs 1 and 2 delete apps.
  {
    name: 'developer, the demo app\'s operations (developer portal and install) on its real data',
    as: 'developer',
    includePath: '/apps/\\{appId\\}',
    exclude: ['deleteApp'],
    parameters: { appId: DEMO_APP_ID },
    stateful: false,
    maxExamples: 12,
  },
  // The demo developer's session counts as the demo app itself there, so its real documents are read and written.
  {
    name: 'developer, the public data API on the demo app\'s products collection',
    as: 'developer',
    includePath: '^/api/v1/data/',
    parameters: { appId: DEMO_APP_ID, collection: 'products' },
    stateful: false,
    maxExamples: 12,
  },
  { name: 'site owner, every operation but sign-in and session-ending ones', as: 'owner', exclude: [...SIGN_IN, ...ENDS_SESSION], stateful: true, maxExamples: 12 },
  // Signed out, so the sessions they create are thrown away.
  { name: 'signed out, sign-in and logout', as: 'none', include: [...SIGN_IN, 'logoutUser'], stateful: false, maxExamples: 25 },
  { name: 'developer, password change then logout (ends the session)', as: 'developer', include: ['changePassword', 'logoutUser'], stateful: false, maxExamples: 25 },
  // Last: a successful call deletes the demo site owner.
  { name: 'site owner, account deletion (deletes the account)', as: 'owner', include: ['deleteAccount'], stateful: false, maxExamples: 25 },
];

/**
 * While an area is being built (CI sets neither): FUZZ_RUNS (run numbers, `1,4`) keeps those runs
 * only; FUZZ_PATHS (a path regex) narrows the two broad runs (developer, site owner) to the
 * matching paths and drops the others.
 */
export function selectedRuns({ paths, runs }: { paths?: string; runs?: string }): FuzzRun[] {
  const numbers = runs?.split(',').map(Number);
  const chosen = numbers ? FUZZ_RUNS.filter((_, index) => numbers.includes(index + 1)) : FUZZ_RUNS;
  if (!paths) return chosen;
  return chosen.filter((run) => !run.include && !run.includePath && !run.liveDocument).map((run) => ({ ...run, includePath: paths }));
}
