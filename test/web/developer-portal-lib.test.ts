// The developer portal's display rules (spec 000 sections 4, 5 and 9), as pure functions.
import { abbreviate } from '../../rules/abbreviate';
import { money } from '../../rules/format-money';
import { rangeWindow, seriesOf, statsTo } from '../../web/src/pages/developer/lib/ranges';
import { codeTone, deliveryIcon, webhookUrlError } from '../../web/src/pages/developer/lib/webhook-status';
import { fieldsComplete } from '../../web/src/pages/developer/lib/fields-complete';
import { checklist } from '../../web/src/pages/developer/lib/checklist';
import { appNameError } from '../../web/src/pages/developer/lib/app-name';
import { fromScopeForm, scopeAreas, toScopeForm } from '../../web/src/pages/developer/lib/scopes';
import { fromDeveloperForm, linkErrorsByKind, toDeveloperForm } from '../../web/src/pages/developer/lib/developer-form';
import { platformLabel, revenueByPlatform, revenueSeries } from '../../web/src/pages/developer/dashboard/revenue';
import { bucketLabel } from '../../web/src/pages/developer/dashboard/chart-options';
import { INTEGRATION_TABS, platformsOf, tabOf } from '../../web/src/pages/developer/integrations/tabs';
import { scopeLabel } from '../../web/src/pages/install/scope-label';
import type { IntegrationPlatform } from '../../generated/client/types.gen';

describe('numbers on the dashboard', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1K'],
    [1234, '1.23K'],
    [5_600_000, '5.6M'],
    [2_000_000_000, '2B'],
    [-1500, '-1.5K'],
  ])('abbreviates %d as %s', (value, shown) => {
    expect(abbreviate(value)).toBe(shown);
  });

  it('shows amounts in dollars with 2 decimals', () => {
    expect(money(1234.5)).toBe('$1,234.50');
  });
});

describe('chart ranges', () => {
  const now = new Date('2026-11-21T15:00:00Z');

  it.each([
    ['year', 'month', 12, '2025-12-01', '2025-12', '2026-11'],
    ['half', 'month', 6, '2026-06-01', '2026-06', '2026-11'],
    ['month', 'day', 30, '2026-10-23', '2026-10-23', '2026-11-21'],
  ] as const)('%s is grouped by %s over %d buckets', (range, groupBy, count, from, first, last) => {
    const span = rangeWindow(range, now);
    expect(span.groupBy).toBe(groupBy);
    expect(span.buckets).toHaveLength(count);
    expect(span.from).toBe(from);
    expect(span.to).toBe('2026-11-21');
    expect(span.buckets[0]).toBe(first);
    expect(span.buckets.at(-1)).toBe(last);
  });

  it('moves the end date one day later for the stats calls', () => {
    expect(statsTo(rangeWindow('month', new Date('2026-12-31T10:00:00Z')))).toBe('2027-01-01');
  });

  it('spreads count rows over the buckets with zeros where nothing happened', () => {
    const span = rangeWindow('half', now);
    const rows = [{ _id: { year: 2026, month: 7 }, count: 3 }, { _id: { year: 2026, month: 11 }, count: 2 }];
    expect(seriesOf(rows, span)).toEqual([0, 3, 0, 0, 0, 2]);
  });

  it('matches daily rows by day', () => {
    const span = rangeWindow('month', now);
    expect(seriesOf([{ _id: { year: 2026, month: 11, day: 21 }, count: 4 }], span).at(-1)).toBe(4);
  });

  it.each([
    ['2026-11', 'month', 'Nov 26'],
    ['2026-11-05', 'day', 'Nov 5'],
  ] as const)('labels bucket %s as %s', (bucket, groupBy, label) => {
    expect(bucketLabel(bucket, groupBy)).toBe(label);
  });
});

describe('revenue', () => {
  const span = rangeWindow('half', new Date('2026-11-21T00:00:00Z'));
  const rows = [
    { created: '2026-11-01T00:00:00.000Z', amount: 10.1, currency: 'USD', user: { platform: 'nindo' } },
    { created: '2026-11-01T00:00:00.000Z', amount: 5.2, currency: 'USD', user: { platform: 'shopify' } },
    { created: '2026-09-01T00:00:00.000Z', amount: 20, currency: 'USD', user: { platform: 'nindo' } },
  ];

  it('sums revenue per bucket', () => {
    expect(revenueSeries(rows, span)).toEqual([0, 0, 0, 20, 0, 15.3]);
  });

  it('sums revenue per platform, largest first', () => {
    expect(revenueByPlatform(rows)).toEqual([{ platform: 'nindo', amount: 30.1 }, { platform: 'shopify', amount: 5.2 }]);
  });

  it('labels the nindo platform with the brand', () => {
    expect(platformLabel('nindo', 'Acme')).toBe('Acme');
    expect(platformLabel('shopify', 'Acme')).toBe('Shopify');
    expect(platformLabel('woocommerce', 'Acme', [{ name: 'woocommerce', displayName: 'WooCommerce' }])).toBe('WooCommerce');
  });
});

describe('webhook deliveries', () => {
  it.each([
    [200, 'failed', 'sent'],
    [404, 'failed', 'failed'],
    [500, 'failed', 'failed'],
    [null, 'pending', 'pending'],
    [302, 'failed', 'failed'],
  ])('shows status code %p (status %s) as %s', (statusCode, status, icon) => {
    expect(deliveryIcon({ statusCode, status })).toBe(icon);
  });

  it.each([[201, 'ok'], [301, 'info'], [422, 'warn'], [503, 'bad'], [null, 'none']] as const)('colours %p as %s', (code, tone) => {
    expect(codeTone(code)).toBe(tone);
  });

  it.each([
    ['http://', undefined],
    ['http://example.com', 'Invalid URL, must start with https://'],
    ['https://example.com/hooks', undefined],
    ['ftp://example.com', 'Invalid URL, must start with https://'],
  ])('checks %s inline only once it is longer than 8 characters', (url, message) => {
    expect(webhookUrlError(url)).toBe(message);
  });
});

describe('integration credentials', () => {
  const fields = [
    { name: 'apiKey', label: 'API key', type: 'text', required: true },
    { name: 'apiVersion', label: 'Version', type: 'hidden', required: true },
    { name: 'sandbox', label: 'Sandbox', type: 'boolean', required: true },
    { name: 'note', label: 'Note', type: 'text', required: false },
  ] as const;

  it('is complete when every non-hidden required field has a value', () => {
    expect(fieldsComplete(fields, { apiKey: 'k' })).toBe(true);
  });

  it('is incomplete while a required field is blank', () => {
    expect(fieldsComplete(fields, { apiKey: '  ' })).toBe(false);
  });

  it('lists the platforms of a tab highest order first, and falls back to E-Commerce', () => {
    const platform = (name: string, order: number, tag: 'ecommerce' | 'payments'): IntegrationPlatform => ({
      name, displayName: name, icon: '', fields: [], endpoints: [], docsUrl: '', tags: [tag], order, hasSystemIntegration: false,
    });
    const all = [platform('a', 10, 'ecommerce'), platform('b', 50, 'ecommerce'), platform('c', 99, 'payments')];
    expect(platformsOf(all, 'ecommerce').map((p) => p.name)).toEqual(['b', 'a']);
    expect(platformsOf(all, 'storage')).toEqual([]);
    expect(tabOf('nope')).toBe('ecommerce');
    expect(INTEGRATION_TABS.map((t) => t.label)).toEqual(['E-Commerce', 'Payments', 'Storage']);
  });
});

describe('How to Start checklist', () => {
  const done = (authCallback: string | undefined, anyIntegrationComplete: boolean) =>
    Object.fromEntries(checklist({ authCallback, anyIntegrationComplete, docsUrl: '/docs', communityUrl: 'https://c' }).map((s) => [s.key, s.done]));

  it('marks authentication done once a Redirect URL is set, integrations once one is complete', () => {
    expect(done('https://app/cb', true)).toEqual({ authentication: true, integrations: true, webhooks: false, docs: false, community: false });
    expect(done('  ', false)).toEqual({ authentication: false, integrations: false, webhooks: false, docs: false, community: false });
  });
});

describe('forms', () => {
  it.each([
    ['', 'App name is required'],
    ['  ab  ', 'App name must be between 3 and 50 characters'],
    ['x'.repeat(51), 'App name must be between 3 and 50 characters'],
    ['  abc  ', undefined],
  ])('checks the app name %p', (name, message) => {
    expect(appNameError(name)).toBe(message);
  });

  it('turns scopes into read/write pairs for all eleven areas and back', () => {
    const areas = scopeAreas();
    expect(areas).toHaveLength(11);
    const form = toScopeForm(areas, ['read_products', 'write_orders']);
    expect(form.products).toEqual({ read: true, write: false });
    expect(form.orders).toEqual({ read: false, write: true });
    expect(fromScopeForm({ ...form, themes: { read: true, write: true } })).toEqual(['read_products', 'write_orders', 'read_themes', 'write_themes']);
  });

  it('shows developer links as one field per kind and sends the filled ones as a list', () => {
    const form = toDeveloperForm({ id: '1', userId: 'u', name: 'Ada', email: 'a@b.co', isActive: true, links: [{ type: 'github', url: 'https://github.com/ada' }] });
    expect(form.github).toBe('https://github.com/ada');
    const body = fromDeveloperForm({ form: { name: 'Ada', email: 'a@b.co', ...form, website: ' https://ada.dev ', twitter: '' }, initial: form });
    expect(body.links).toEqual([{ type: 'website', url: 'https://ada.dev' }, { type: 'github', url: 'https://github.com/ada' }]);
  });

  it('fills the form from every profile property the developer holds, never the server-owned ones, and sends what it holds, trimmed', () => {
    const developer = { id: '1', userId: 'u', name: 'Ada', email: 'a@b.co', isActive: true, caption: 'Maker', links: [] };
    const form = toDeveloperForm(developer);
    expect(form).toEqual({ name: 'Ada', email: 'a@b.co', caption: 'Maker' });
    expect(fromDeveloperForm({ form: { name: ' Ada ', email: 'a@b.co' }, initial: form })).toEqual({ name: 'Ada', email: 'a@b.co', caption: '', links: [] });
  });

  it('puts a server error about a link under that link field', () => {
    const sent = { name: 'A', email: 'a@b.co', links: [{ type: 'website' as const, url: 'x' }, { type: 'github' as const, url: 'y' }] };
    expect(linkErrorsByKind({ 'links.1.url': 'GitHub must be a valid URL', email: 'Bad' }, sent)).toEqual({ github: 'GitHub must be a valid URL', email: 'Bad' });
  });

  it('words install scopes for a store owner', () => {
    expect(scopeLabel('read_marketing_events')).toBe('Read your marketing events');
    expect(scopeLabel('write_orders')).toBe('Change your orders');
  });
});
