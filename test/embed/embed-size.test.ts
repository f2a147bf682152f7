// The embed runtime's budget (scripts/check-embed-size.ts runs it in CI): the script a site
// loads, loader and every renderer, stays under 20 kB gzip and carries no framework.
import { gzipSync } from 'node:zlib';
import { EMBED_BUDGET_KB, bundleEmbed } from '../../scripts/embed-bundle';

it('bundles the runtime under its gzip budget, without React', async () => {
  const code = await bundleEmbed();
  expect(gzipSync(code).length / 1024).toBeLessThan(EMBED_BUDGET_KB);
  expect(code).not.toMatch(/react|__SECRET_INTERNALS/i);
  expect(code).toContain('/api/v1/embed/widget/');
});
