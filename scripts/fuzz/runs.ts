// The Schemathesis runs of `npm run test:fuzz`, in order. Every operation is fuzzed signed in
// as the demo developer and as the demo site owner; the operations that end or replace the
// session they are called with get runs of their own, after the others, so they cannot sign
// the broad runs out half-way (every later request would only test the 401 path).

export type Identity = 'developer' | 'owner' | 'none';

export interface FuzzRun {
  name: string;
  as: Identity;
  /** Only these operations; all others when absent. */
  include?: string[];
  exclude?: string[];
  /** Follow the document's OpenAPI links (only runs that select linked operations). */
  stateful: boolean;
  /** Test cases per operation and phase. */
  maxExamples: number;
}

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
  { name: 'developer, every operation but sign-in and session-ending ones', as: 'developer', exclude: [...SIGN_IN, ...ENDS_SESSION], stateful: true, maxExamples: 12 },
  { name: 'site owner, every operation but sign-in and session-ending ones', as: 'owner', exclude: [...SIGN_IN, ...ENDS_SESSION], stateful: true, maxExamples: 12 },
  // Signed out, so the sessions they create are thrown away.
  { name: 'signed out, sign-in and logout', as: 'none', include: [...SIGN_IN, 'logoutUser'], stateful: false, maxExamples: 25 },
  { name: 'developer, password change then logout (ends the session)', as: 'developer', include: ['changePassword', 'logoutUser'], stateful: false, maxExamples: 25 },
  // Last: a successful call deletes the demo site owner.
  { name: 'site owner, account deletion (deletes the account)', as: 'owner', include: ['deleteAccount'], stateful: false, maxExamples: 25 },
];
