// The owner's custom CSS (settings.customCss, WidgetCommonSettings): saved with any type's
// settings and published with them, and refused with a 400 field error naming the rule when it
// is too big, does not parse, or could load something or leave its <style>.
import { withTestApp } from '../helpers/test-app';
import { workspaceCast } from '../workspace/fixtures';
import type { WorkspaceCast } from '../workspace/fixtures';

describe('custom CSS of a widget', () => {
  const t = withTestApp({ scope: 'file' });
  let cast: WorkspaceCast;
  let guid: string;
  beforeAll(async () => {
    cast = await workspaceCast(t);
    const res = await cast.agents.owner.post('/api/v1/plugin').send({ type: 'faq', name: 'Help' });
    guid = res.body.data.guid as string;
  });

  const save = (customCss: string) => cast.agents.owner.put(`/api/v1/plugin/${guid}`).send({ settings: { customCss } });

  it('saves CSS that follows the rules and publishes it with the settings', async () => {
    const css = '.root { border-radius: 16px; }\n@media (max-width: 600px) { .root h2 { font-size: 18px; } }\n.q { background: url(data:image/png;base64,iVBORw0KGgo=); }';
    expect((await save(css)).status).toBe(200);
    const res = await cast.agents.anonymous.get(`/api/v1/embed/widget/${guid}`);
    expect(res.body.data.settings.customCss).toBe(css);
  });

  it('gives every type an empty custom CSS by default', async () => {
    const res = await cast.agents.owner.post('/api/v1/plugin').send({ type: 'countdown', name: 'Sale' });
    const published = await cast.agents.anonymous.get(`/api/v1/embed/widget/${res.body.data.guid}`);
    expect(published.body.data.settings.customCss).toBe('');
  });

  it.each([
    ['100 kB of CSS', `.root{color:red}${' '.repeat(100 * 1024)}`, 'Custom CSS can be at most 10 kB (this is 100.0 kB)'],
    ['at-rules nested 10,000 deep', `${'@media screen{'.repeat(10000)}.root{color:red}${'}'.repeat(10000)}`, 'Custom CSS can be at most 10 kB'],
    ['at-rules nested 30 deep within the size', `${'@media screen{'.repeat(30)}.root{color:red}${'}'.repeat(30)}`, 'Custom CSS can nest blocks at most 20 deep'],
    ['a remote url()', '.root { background: url(http://evil.example/x.png); }', 'Custom CSS can use url() only for data:image/... pictures'],
    ['a quoted remote url() behind an escaped name', '.root { background: u\\72l("https://evil.example/x.png"); }', 'Custom CSS can use url() only for data:image/... pictures'],
    ['a remote image-set()', '.root { background: image-set("//evil.example/x.png" 1x); }', 'Custom CSS can use url() only for data:image/... pictures'],
    ['a data: url that is not an image', '.root { background: url("data:text/html,<b>x</b>"); }', 'Custom CSS can use url() only for data:image/... pictures'],
    ['@import', '@import "https://evil.example/x.css";\n.root{color:red}', 'Custom CSS cannot use @import'],
    ['an escaped @import', '@\\69mport url(https://evil.example/x.css);', 'Custom CSS cannot use @import'],
    ['@namespace', '@namespace svg url(http://www.w3.org/2000/svg);', 'Custom CSS cannot use @namespace'],
    ['@charset', '@charset "utf-8";', 'Custom CSS cannot use @charset'],
    ['expression()', '.root { width: expression(alert(1)); }', 'Custom CSS cannot use expression()'],
    ['</style', '.root{color:red}</style><script>alert(1)</script>', 'Custom CSS cannot contain </style'],
    ['CSS that does not parse', '.root { color: red; } {{{ }', 'Custom CSS does not parse'],
  ])('refuses %s with a field error naming the rule', async (_case, css, words) => {
    const res = await save(css);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fieldErrors)).toEqual(['settings.customCss']);
    expect(res.body.fieldErrors['settings.customCss']).toContain(words);
  });
});
