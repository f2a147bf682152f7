// The cells of the probe-property table (issue 37 item 4), measured one entity at a time on the
// probe build (./probe-server.ts): what each row of ./probe-property.e2e.ts declares, and how a
// cell is judged. A cell is "yes", "no" (with why) or "-" where the entity has no such view.
// Every wait that decides a cell is short and starts once the screen has drawn, so a screen that
// lacks the probe costs a few seconds, not the runner's action timeout.
import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { PROBE } from './probe-document';

export const COLUMNS = ['api', 'form', 'refill', 'list', 'record', 'noRjsfError'] as const;
export type Column = (typeof COLUMNS)[number];
export const HEADINGS: Record<Column, string> = {
  api: 'API answers the value it was sent',
  form: 'form shows the field',
  refill: 'form refills the saved value',
  list: 'list shows it',
  record: 'record view shows it',
  noRjsfError: 'no RJSF error',
};

export type Who = 'developer' | 'owner';
export interface Requests {
  developer: APIRequestContext;
  owner: APIRequestContext;
}

/** A screen: where it is (a path, or one found through the API) and what proves it has drawn. */
export interface Screen {
  path: string | ((requests: Requests) => Promise<string>);
  /** Opens the popup or tab the screen shows its part in, once the page has loaded. */
  open?: (page: Page) => Promise<void>;
  /** Visible once the screen has drawn its records or its form (an RJSF error counts for a form). */
  ready: (page: Page) => Locator;
}

export interface Form extends Screen {
  /** Fills what a create form needs besides the probe (a unique address, a name). */
  fill?: (page: Page) => Promise<void>;
  /** The button that sends the form (inside the open popup when there is one). */
  submit: (page: Page) => Locator;
  /**
   * A create-only form (nothing to reopen): the probe values of the entity's records as the API
   * then reads them; the typed value must be among them. Without it the form is reopened after a
   * reload and must hold the typed value.
   */
  stored?: (requests: Requests) => Promise<unknown[]>;
}

export interface ProbeRow {
  entity: string;
  /** The schemas of openapi/ the probe is added to. */
  schemas: string[];
  /** Who looks at the screens. */
  as: Who;
  /** Sends `value` as the probe through the entity's write operation; answers the probe as read back. */
  api?: (args: Requests & { value: string }) => Promise<unknown>;
  form?: Form;
  /** Forms of the entity that must draw with the field too (a create popup beside the edit form). */
  otherForms?: Screen[];
  list?: Screen;
  record?: Screen;
}

export type Cell = { pass: true } | { pass: false; why: string } | 'none';
export type Measured = Record<Column, Cell>;

const DRAW_MS = 15_000;
const GRACE_MS = 3_000;
const CONFIG_ERROR = '.rjsf-config-error';

const yes: Cell = { pass: true };
const no = (why: string): Cell => ({ pass: false, why });
const failure = (err: unknown): string => (err instanceof Error ? err.message.split('\n')[0] : String(err));

/** The probe's input of the open form (`#root_probeNote`, RJSF's id for the property). */
export const probeInput = (page: Page): Locator => page.locator(`#root_${PROBE.name}`);

async function goTo({ page, screen, requests }: { page: Page; screen: Screen; requests: Requests }): Promise<void> {
  await page.goto(typeof screen.path === 'string' ? screen.path : await screen.path(requests));
  await screen.open?.(page);
  // Visible ones only: a screen may hold the same text hidden (an app switcher's options).
  await page.locator(CONFIG_ERROR).or(screen.ready(page)).filter({ visible: true }).first().waitFor({ state: 'visible', timeout: DRAW_MS });
}

/** What RJSF printed instead of a form on this page, if anything. */
async function configError(page: Page): Promise<string | undefined> {
  const errors = page.locator(CONFIG_ERROR);
  return (await errors.count()) > 0 ? ((await errors.first().textContent()) ?? 'an RJSF configuration error') : undefined;
}

const shows = async (locator: Locator): Promise<boolean> =>
  locator
    .filter({ visible: true })
    .first()
    .waitFor({ state: 'visible', timeout: GRACE_MS })
    .then(() => true)
    .catch(() => false);

/** Opens the screen and judges whether it shows `text`; an RJSF error on it is kept in `errors`. */
async function screenShows({ page, screen, requests, text, errors }: { page: Page; screen: Screen; requests: Requests; text: string; errors: string[] }): Promise<Cell> {
  try {
    await goTo({ page, screen, requests });
  } catch (err) {
    return no(`the screen did not draw: ${failure(err)}`);
  }
  const error = await configError(page);
  if (error) errors.push(error);
  return (await shows(page.getByText(text))) ? yes : no(`"${text}" is not shown`);
}

/** Opens a form and judges whether it draws the probe's field. */
async function formShowsField({ page, screen, requests, errors }: { page: Page; screen: Screen; requests: Requests; errors: string[] }): Promise<Cell> {
  try {
    await goTo({ page, screen, requests });
  } catch (err) {
    return no(`the form did not draw: ${failure(err)}`);
  }
  const error = await configError(page);
  if (error) {
    errors.push(error);
    return no(error);
  }
  return (await shows(probeInput(page))) ? yes : no(`no "${PROBE.title}" field`);
}

/** Types `value` into the open form, sends it, and judges whether it comes back. */
async function refills({ page, form, requests, value }: { page: Page; form: Form; requests: Requests; value: string }): Promise<Cell> {
  try {
    await probeInput(page).fill(value);
    await form.fill?.(page);
    const sent = page.waitForResponse((r) => r.request().method() !== 'GET' && /\/(api|integrations)\//.test(new URL(r.url()).pathname), { timeout: DRAW_MS });
    await form.submit(page).click();
    const answer = await sent;
    if (!answer.ok()) return no(`saving answered ${answer.status()}: ${(await answer.text()).slice(0, 200)}`);
    if (form.stored) {
      const values = await form.stored(requests);
      return values.includes(value) ? yes : no('the record the form created does not carry the typed value');
    }
    await page.waitForTimeout(300);
    await goTo({ page, screen: form, requests });
    const refilled = await probeInput(page).inputValue({ timeout: GRACE_MS });
    return refilled === value ? yes : no(`after a reload the field holds "${refilled}"`);
  } catch (err) {
    return no(failure(err));
  }
}

/** Measures one row on `page` (signed in as the row's `as`); `tag` makes its values unique. */
export async function measureRow({ row, page, requests, tag }: { row: ProbeRow; page: Page; requests: Requests; tag: string }): Promise<Measured> {
  const errors: string[] = [];
  const seeded = `probe-api-${tag}`;
  const typed = `probe-form-${tag}`;
  const measured: Measured = { api: 'none', form: 'none', refill: 'none', list: 'none', record: 'none', noRjsfError: 'none' };
  let visited = false;
  if (row.api) {
    try {
      const read = await row.api({ ...requests, value: seeded });
      measured.api = read === seeded ? yes : no(`read back ${JSON.stringify(read)}`);
    } catch (err) {
      measured.api = no(failure(err));
    }
  }
  if (row.list) {
    measured.list = await screenShows({ page, screen: row.list, requests, text: seeded, errors });
    visited = true;
  }
  if (row.record) {
    measured.record = await screenShows({ page, screen: row.record, requests, text: seeded, errors });
    visited = true;
  }
  const forms = [...(row.otherForms ?? []), ...(row.form ? [row.form] : [])];
  const drawn: Cell[] = [];
  for (const screen of forms) drawn.push(await formShowsField({ page, screen, requests, errors }));
  if (forms.length > 0) {
    measured.form = drawn.find((cell) => cell !== 'none' && !cell.pass) ?? yes;
    visited = true;
  }
  // The main form is the one open now (the last one visited).
  const main = drawn[drawn.length - 1];
  if (row.form) measured.refill = main !== 'none' && main.pass ? await refills({ page, form: row.form, requests, value: typed }) : no('the form has no field to fill');
  if (visited) measured.noRjsfError = errors.length === 0 ? yes : no(errors[0]);
  return measured;
}

const mark = (cell: Cell): string => (cell === 'none' ? '-' : cell.pass ? 'yes' : 'no');

/** The table as measured, in Markdown, and the reason of each "no" below it. */
export function measuredTable(rows: Array<{ entity: string; measured: Measured }>): string {
  const lines = [`| entity | ${COLUMNS.map((c) => HEADINGS[c]).join(' | ')} |`, `|---|${COLUMNS.map(() => '---').join('|')}|`];
  for (const { entity, measured } of rows) lines.push(`| ${entity} | ${COLUMNS.map((c) => mark(measured[c])).join(' | ')} |`);
  const reasons = rows.flatMap(({ entity, measured }) => COLUMNS.flatMap((c) => { const cell = measured[c]; return cell !== 'none' && !cell.pass ? [`  ${entity} / ${c}: ${cell.why}`] : []; }));
  return [...lines, '', ...reasons].join('\n');
}
