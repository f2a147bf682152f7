// Every submission of a widget as CSV, newest first: Received, Page, the current fields' labels,
// then labels only older submissions hold. Cells a spreadsheet would run as a formula (= + - @,
// a tab or carriage return first) get a leading ' (OWASP's CSV injection advice).
import { stringify } from 'csv-stringify/sync';
import type { AppContext } from '../../context';
import { publishedSettingsOf } from '../widget-embed/settings-schemas';
import { formRulesOf } from './form-fields';
import { submissions } from './model';
import type { SubmissionValue } from './model';
import { submissionsWidget } from './owner-calls';

export const EXPORT_MAX_ROWS = 50_000;

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell no spreadsheet runs as a formula. */
export const safeCell = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

const cellOf = (value: SubmissionValue | undefined): string => (value === undefined ? '' : typeof value === 'boolean' ? (value ? 'Yes' : 'No') : value);

export async function exportSubmissions({ ctx, userId, guid }: { ctx: AppContext; userId: string; guid: string }): Promise<{ name: string; csv: string }> {
  const widget = await submissionsWidget({ ctx, userId, guid });
  const docs = await submissions(ctx).find({ widgetId: widget._id }, { sort: { createdAt: -1 }, limit: EXPORT_MAX_ROWS });
  const current = formRulesOf({ type: widget.type, settings: publishedSettingsOf({ type: widget.type, settings: widget.settings }) })?.fields.map((field) => field.label) ?? [];
  const labels = [...new Set([...current, ...docs.flatMap((doc) => Object.keys(doc.values))])];
  const rows = docs.map((doc) => [doc.createdAt, doc.page ?? '', ...labels.map((label) => cellOf(doc.values[label]))].map(safeCell));
  return { name: widget.name, csv: stringify([['Received', 'Page', ...labels].map(safeCell), ...rows]) };
}
