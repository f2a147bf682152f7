// Every tab of a collection has its own address, by the collection's id or by its name
// (spec 001 section 2), and the address opens that tab.
import { matchRoutes } from 'react-router';
import { routes } from '../../web/src/routes';
import { COLLECTION_TABS, collectionTabOf } from '../../web/src/pages/developer/database/paths';

const tabAt = (path: string) => {
  const matches = matchRoutes(routes, path);
  const last = matches?.at(-1);
  return last && last.route.path?.startsWith('apps/:appId/database') ? collectionTabOf(last.params.subPage) : undefined;
};

describe('collection addresses', () => {
  it.each(COLLECTION_TABS.map((tab) => tab.slug))('opens the %s tab by the collection name or id', (slug) => {
    expect(tabAt(`/developer/apps/a1/database/products/${slug}`)).toBe(slug);
    expect(tabAt(`/developer/apps/a1/database/collection/products/${slug}`)).toBe(slug);
  });

  it('opens the documents tab without a tab in the address', () => {
    expect(tabAt('/developer/apps/a1/database/products')).toBe('documents');
  });
});
