// Screens draw an entity's fields from the document (issue 37): a screen file outside the views
// left hand-written never holds a closed list of a schema's properties, never copies a record key
// by key, and every ui:order ends with '*' (test/pipeline/field-names-scan.ts says how each is
// found). Files that still do are listed below while they move; the list can only shrink.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from '../../server/paths';
import { scanSource, schemaProperties } from './field-names-scan';

const SCREEN_ROOTS = ['web/src/pages', 'forms'];

/** Views that stay hand-written (issue 37, "Hand-written stay"): they may name fields. */
const ALLOWED_VIEWS = [
  'web/src/pages/developer/dashboard/', // the developer dashboard
  'web/src/pages/dashboard/', // the site owner's dashboard
  'web/src/pages/billing/pricing/', // pricing
  'web/src/pages/billing/checkout/', // checkout
  'web/src/pages/workspace/analytics/', // widget analytics
  'web/src/pages/workspace/editor/PreviewFrame.tsx', // the widget editor's preview pane
  'web/src/pages/auth/CodeBoxes.tsx', // the two-factor code boxes
  'web/src/pages/dev/showcase/', // the dev showcase and its fixtures
  'forms/fixtures/showcase.ts',
  'forms/uiSchemas/showcase.ts',
];

// Files that still name fields while they move onto the engine: remove one once it no longer
// does (the test says so); never add one. Every screen of issue 37 has moved.
const ALLOWED_TODAY: string[] = [];

const properties = schemaProperties(JSON.parse(readFileSync(join(ROOT, 'generated', 'openapi.json'), 'utf8')) as Parameters<typeof schemaProperties>[0]);

const filesUnder = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => relative(ROOT, join(ROOT, dir, file)).split('\\').join('/'));

describe('the scan of a screen file', () => {
  const scan = (text: string) => scanSource({ fileName: 'screen.tsx', text, properties }).map(({ what }) => what.split(': ')[0]);
  it.each([
    ['a list of one schema’s property names', "const columns = ['couponName', 'platformCouponCode', 'expires'];", ['closed field list of CouponInput']],
    ['columns described as objects', "const columns = ['status', { field: 'plan.name', header: 'Plan' }, { field: 'created' }];", ['closed field list of ServiceSubscription']],
    ['a list passed to pickSchema', "pickSchema({ name: 'AppEndpoints', keys: ['checkoutSuccess', 'checkoutFailure'] });", ['closed field list of AppEndpoints']],
    ['the fields a form leaves out (open: the rest shows)', "formSchema({ schema, omit: ['captchaToken', 'redirectUrl'] });", []],
    ["a ui:order that ends with '*'", "const ui = { 'ui:order': ['name', 'domain', '*'] };", []],
    ["a ui:order that does not end with '*'", "const ui = { 'ui:order': ['name', 'domain', 'thumbnail'] };", ["ui:order does not end with '*'", 'closed field list of Project']],
    ['words that are no schema’s properties', "const tabs = ['overview', 'settingsTabLabel'];", []],
    ['a single name', "const first = ['name'];", []],
    ['a record copied key by key', 'const form = { name: plan.name, description: plan.description ?? "", isFree: plan.isFree };', ['hand mapping of plan (PlanInput)']],
    ['two keys copied', 'const form = { name: plan.name, isFree: plan.isFree };', []],
    ['parts of a result, not a record', 'const out = { data: result.data, error: result.error, response: result.response };', []],
  ])('%s', (_, text, expected) => {
    expect(scan(text)).toEqual(expected);
  });
});

describe('the screen files', () => {
  const files = SCREEN_ROOTS.flatMap(filesUnder).sort().filter((file) => !ALLOWED_VIEWS.some((view) => file.startsWith(view)));
  const offences = files.flatMap((file) => scanSource({ fileName: file, text: readFileSync(join(ROOT, file), 'utf8'), properties }).map((offence) => ({ file, ...offence })));
  const offending = [...new Set(offences.map(({ file }) => file))].sort();

  it('allow only views that exist', () => {
    expect(ALLOWED_VIEWS.filter((view) => !existsSync(join(ROOT, view)))).toEqual([]);
  });

  it("name no entity's fields outside the allowed views, but for the files being moved (a list that only shrinks)", () => {
    console.log(
      [`${String(offending.length)} screen files name fields (${String(offences.length)} places); ${String(ALLOWED_TODAY.length)} listed as being moved:`, ...offences.map(({ file, line, what }) => `${file}:${String(line)}  ${what}`)].join('\n'),
    );
    expect({
      newlyNamingFields: offending.filter((file) => !ALLOWED_TODAY.includes(file)),
      noLongerNamingFieldsRemoveFromAllowedToday: ALLOWED_TODAY.filter((file) => !offending.includes(file)),
    }).toEqual({ newlyNamingFields: [], noLongerNamingFieldsRemoveFromAllowedToday: [] });
  });
});
