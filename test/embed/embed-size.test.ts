// The embed runtime's budgets (scripts/check-embed-size.ts runs them in CI): the loader a site
// loads holds no renderer and no framework, and each type's renderer is a file of its own that
// registers itself, under its own budget.
import { gzipSync } from 'node:zlib';
import { EMBED_BUDGET_KB, RENDERER_BUDGET_KB, buildEmbed, rendererEntries } from '../../scripts/embed-bundle';

const gzipKb = (code: string) => gzipSync(code).length / 1024;

it('builds a loader under its budget that names each renderer file and holds none of them, without React', async () => {
  const { loader, renderers } = await buildEmbed();
  expect(gzipKb(loader)).toBeLessThan(EMBED_BUDGET_KB);
  expect(loader).not.toMatch(/react|__SECRET_INTERNALS/i);
  expect(loader).toContain('/embed/data/');
  for (const { file } of renderers) expect(loader).toContain(file);
  // The FAQ's question class is in its renderer file only.
  expect(loader).not.toContain('.faq');
});

it('builds one self-registering renderer file per type listed in RENDERERS, each under its budget', async () => {
  const { renderers } = await buildEmbed();
  expect(renderers.map(({ type }) => type)).toEqual(expect.arrayContaining(['countdown', 'faq', 'testimonials', 'poll', 'pricing-table', 'announcement-bar']));
  for (const { type, file, code } of renderers) {
    expect(file).toMatch(new RegExp(`^${type}\\.[0-9a-f]{10}\\.js$`));
    expect(code).toContain(`"${type}"`);
    expect(gzipKb(code)).toBeLessThan(RENDERER_BUDGET_KB);
  }
});

it('fails the build on a RENDERERS entry it cannot read, naming the line', () => {
  const source = "import { faq } from './faq';\nexport const RENDERERS = {\n  faq,\n  poll: require('./poll').poll,\n};\n";
  expect(() => rendererEntries(source)).toThrow(/index\.ts:4: a RENDERERS entry must read/);
  expect(() => rendererEntries("export const RENDERERS = { faq };\n")).toThrow(/faq is not imported/);
  expect(rendererEntries("import { pricingTable } from './pricing-table';\nexport const RENDERERS = { 'pricing-table': pricingTable };\n")).toEqual([{ type: 'pricing-table', name: 'pricingTable', module: './pricing-table' }]);
});
