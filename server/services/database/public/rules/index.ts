// The one place a collection's rules are applied (docs/public-data-api.md, "Rules"): every path
// of the public API (list, count, get, cursor pages, expand, batch) and the live changes ask here,
// either for the filter to AND into a query or whether one stored document passes.
import type { Filter } from '../../../../storage/port';
import { parseFilter } from '../../../../storage/filter';
import type { CollectionDoc } from '../../model';
import type { Caller } from '../callers';
import { DEFAULT_RULES, isRules, rulesFromAccess } from './model';
import type { Rule, RuleName, Rules } from './model';
import { boundTo, ruleFilterOf } from './parse';
import { nodeMatches } from './match';

export { RULE_NAMES, DEFAULT_RULES, rulesFromAccess, accessFromRules } from './model';
export type { Rule, RuleName, Rules } from './model';
export { checkRules } from './check';

/** What a rule lets a caller reach: every record, none, or those matching `filter`. */
export type RuleScope = { allow: 'all' } | { allow: 'none' } | { allow: 'some'; filter: Filter };

const ALL: RuleScope = { allow: 'all' };
const NONE: RuleScope = { allow: 'none' };

const READS = new Set<unknown>(['public', 'authenticated', 'owner']);
const WRITES = new Set<unknown>(['authenticated', 'owner']);

/**
 * The stored rules; a collection saved before the five rules existed (the migration maps it, but
 * an instance may meet one first) reads its `read`/`write` through the same table.
 */
export function rulesOf(collection: Pick<CollectionDoc, 'rules' | 'access'>): Rules {
  if (isRules(collection.rules)) return collection.rules;
  const access = (collection.access ?? {}) as Record<string, unknown>;
  if (READS.has(access.read) && WRITES.has(access.write)) return rulesFromAccess(access as Parameters<typeof rulesFromAccess>[0]);
  return DEFAULT_RULES;
}

function scopeOf(rule: Rule, caller: Exclude<Caller, { kind: 'app' }>): RuleScope {
  const user = caller.kind === 'user' ? caller.appUserId : undefined;
  switch (rule.kind) {
    case 'locked':
      return NONE;
    case 'anyone':
      return ALL;
    case 'users':
      return user ? ALL : NONE;
    case 'owner':
      return user ? { allow: 'some', filter: { _owner: user } } : NONE;
    case 'filter': {
      const filter = ruleFilterOf(rule.filter ?? '');
      return filter ? { allow: 'some', filter: boundTo(filter, user ?? '') as Filter } : NONE;
    }
  }
}

/** The app (its credentials or its developer's session) passes every rule, as PocketBase's superusers do. */
export function ruleFilter({ collection, rule, caller }: { collection: Pick<CollectionDoc, 'rules' | 'access'>; rule: RuleName; caller: Caller }): RuleScope {
  return caller.kind === 'app' ? ALL : scopeOf(rulesOf(collection)[rule], caller);
}

/** Whether one stored document (or one about to be created) passes the rule for the caller. */
export function recordMatches({ collection, rule, caller, doc }: { collection: Pick<CollectionDoc, 'rules' | 'access'>; rule: RuleName; caller: Caller; doc: Record<string, unknown> }): boolean {
  const scope = ruleFilter({ collection, rule, caller });
  return scope.allow === 'all' || (scope.allow === 'some' && nodeMatches(parseFilter(scope.filter), doc));
}

/** `filter` narrowed to what the scope allows (callers have refused `none` already). */
export function within(filter: Filter, scope: RuleScope): Filter {
  if (scope.allow !== 'some') return filter;
  return Object.keys(filter).length > 0 ? { $and: [filter, scope.filter] } : scope.filter;
}
