// The five rules of a collection (list, view, create, update, delete) as stored on its
// dbCollections record, and how the older pair `read`/`write` maps onto them (the migration
// 0002 and the owner's API both use this table; docs/public-data-api.md, "Rules").
import type { DataAccessRead, DataAccessWrite, DataRule, DataRules } from '../../../../../generated/client/types.gen';

export type RuleName = keyof DataRules;
export type { DataRule as Rule, DataRules as Rules };

export const RULE_NAMES: readonly RuleName[] = ['list', 'view', 'create', 'update', 'delete'];

const LOCKED: DataRule = { kind: 'locked' };

/** A new collection: every rule locked, the app alone. */
export const DEFAULT_RULES: DataRules = { list: LOCKED, view: LOCKED, create: LOCKED, update: LOCKED, delete: LOCKED };

const READ_RULE: Record<DataAccessRead, DataRule> = { public: { kind: 'anyone' }, authenticated: { kind: 'users' }, owner: LOCKED };
const WRITE_RULE: Record<DataAccessWrite, DataRule> = { authenticated: { kind: 'users' }, owner: LOCKED };

/** `read` gives list and view, `write` create, update and delete: exactly what each allowed before. */
export function rulesFromAccess({ read, write }: { read: DataAccessRead; write: DataAccessWrite }): DataRules {
  return { list: READ_RULE[read], view: READ_RULE[read], create: WRITE_RULE[write], update: WRITE_RULE[write], delete: WRITE_RULE[write] };
}

const same = (a: DataRule, b: DataRule): boolean => a.kind === b.kind && a.kind !== 'filter';

/** The older pair these rules are, when they are one (the Settings tab of old clients shows it). */
export function accessFromRules(rules: DataRules): { read?: DataAccessRead; write?: DataAccessWrite } {
  const read = (Object.keys(READ_RULE) as DataAccessRead[]).find((key) => same(rules.list, READ_RULE[key]) && same(rules.view, READ_RULE[key]));
  const write = (Object.keys(WRITE_RULE) as DataAccessWrite[]).find((key) => (['create', 'update', 'delete'] as const).every((name) => same(rules[name], WRITE_RULE[key])));
  return { ...(read ? { read } : {}), ...(write ? { write } : {}) };
}

const KINDS: ReadonlySet<unknown> = new Set<DataRule['kind']>(['locked', 'anyone', 'users', 'owner', 'filter']);

export const isRule = (value: unknown): value is DataRule => {
  if (typeof value !== 'object' || value === null) return false;
  const { kind, filter } = value as Record<string, unknown>;
  return KINDS.has(kind) && (kind !== 'filter' || typeof filter === 'string');
};

export const isRules = (value: unknown): value is DataRules =>
  typeof value === 'object' && value !== null && RULE_NAMES.every((name) => isRule((value as Record<string, unknown>)[name]));
