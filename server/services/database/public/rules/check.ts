// Rules as the owner saves them: each filter rule checked as the server will run it, the first
// problem named with its rule (400, under rules.{rule}.filter).
import { ValidationError } from '../../../../http/errors';
import type { CollectionDoc } from '../../model';
import { RULE_NAMES } from './model';
import type { Rules } from './model';
import { checkRuleFilter, RuleProblem } from './parse';

export function checkRules({ collection, rules }: { collection: Pick<CollectionDoc, 'attributes'>; rules: Rules }): Rules {
  for (const name of RULE_NAMES) {
    const rule = rules[name];
    const where = `rules.${name}.filter`;
    if (rule.kind !== 'filter') continue;
    try {
      checkRuleFilter({ collection, text: rule.filter ?? '' });
    } catch (err) {
      if (!(err instanceof RuleProblem)) throw err;
      throw new ValidationError(`The ${name} rule is not valid: ${err.message}`, { [where]: err.message });
    }
  }
  // Only a filter rule keeps its filter: a stale one under another kind would mislead the screen.
  return Object.fromEntries(RULE_NAMES.map((name) => [name, rules[name].kind === 'filter' ? rules[name] : { kind: rules[name].kind }])) as Rules;
}
