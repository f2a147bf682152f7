// axe-core over one page: the WCAG 2.1 A and AA rules, and what the gate refuses: any serious or
// critical violation, and any form control without a name, whatever impact axe gives it.
import { AxeBuilder } from '@axe-core/playwright';
import type { Result } from 'axe-core';
import type { Page } from 'playwright-core';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);
/** axe's rules for a form control's accessible name. */
export const LABEL_RULES = new Set(['label', 'select-name', 'aria-input-field-name', 'aria-toggle-field-name', 'input-button-name', 'label-title-only']);

export interface Finding {
  rule: string;
  impact: string;
  help: string;
  /** The first few offending elements (CSS selectors) and axe's summary for the first. */
  targets: string[];
  summary: string;
}

/**
 * The shells' structure (issue 37), at moderate impact and above: one main landmark, at the top
 * level, and headings that never skip a level. The page's own frames (widget previews) are theirs.
 */
export const STRUCTURE_RULES = ['landmark-one-main', 'landmark-no-duplicate-main', 'landmark-main-is-top-level', 'heading-order'];
const MODERATE_AND_UP = new Set(['moderate', 'serious', 'critical']);

export async function structureFindings(page: Page): Promise<Finding[]> {
  // runOnly inside options: AxeBuilder.options() replaces what withRules() set.
  const results = await new AxeBuilder({ page }).options({ runOnly: { type: 'rule', values: STRUCTURE_RULES }, resultTypes: ['violations'], iframes: false }).analyze();
  return results.violations.filter((v) => MODERATE_AND_UP.has(v.impact ?? '')).map(findingOf);
}

const findingOf = (v: Result): Finding => ({
  rule: v.id,
  impact: v.impact ?? 'unknown',
  help: v.help,
  targets: v.nodes.slice(0, 3).map((node) => node.target.join(' ')),
  summary: v.nodes[0]?.failureSummary?.split('\n').slice(0, 2).join(' ') ?? '',
});

export async function blockingFindings(page: Page): Promise<Finding[]> {
  // Only violations are reported in full: passes and incomplete results would cost their node details.
  const results = await new AxeBuilder({ page }).withTags(TAGS).options({ resultTypes: ['violations'] }).analyze();
  return results.violations
    .filter((v) => BLOCKING_IMPACTS.has(v.impact ?? '') || LABEL_RULES.has(v.id))
    .map(findingOf);
}
