// A service hook: the rules of one declared resource that its declaration cannot say, run by
// the generic handlers around their writes (docs/extending.md, "Hooks"). Each is typed by the
// resource's generated types; `defineHooks` keeps those types where the hook is written.
import type { AppContext } from '../../context';

export interface HookInput {
  ctx: AppContext;
  /** The stored fields of the caller's scope (and parent), e.g. { appId }. */
  scope: Record<string, string>;
}

/** R: the record as answered; I: the create body; U: the update body (generated types). */
export interface ResourceHooks<R = Record<string, unknown>, I = Record<string, unknown>, U = Record<string, unknown>> {
  /** The fields to store from a valid body (only its declared, writable properties: spread it, then the rules); may throw a ValidationError in the spec's words. */
  beforeCreate?: (input: HookInput & { body: I }) => Record<string, unknown> | Promise<Record<string, unknown>>;
  /** The fields to change (one set to undefined is removed); may throw as beforeCreate. */
  beforeUpdate?: (input: HookInput & { id: string; body: U }) => Record<string, unknown> | Promise<Record<string, unknown>>;
  afterCreate?: (input: HookInput & { record: R }) => Promise<void>;
  afterUpdate?: (input: HookInput & { record: R }) => Promise<void>;
  afterDelete?: (input: HookInput & { id: string }) => Promise<void>;
  /** The record as answered, from the stored one (a computed field). */
  answer?: (record: Record<string, unknown> & { id: string }) => R;
}

/**
 * Hooks of one resource, checked against its generated types where they are written, then
 * stored in the registry as untyped: the generic handlers pass each the values the validator
 * has checked against the same generated schemas.
 */
export const defineHooks = <R, I, U>(hooks: ResourceHooks<R, I, U>): ResourceHooks => hooks as unknown as ResourceHooks;
