// The integration platform catalog, kept as data in server/data/integration-platforms.json.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppContext } from '../../../context';
import { ROOT } from '../../../paths';
import type { IntegrationPlatform } from '../../../../generated/client/types.gen';

const catalogPath = join(ROOT, 'server', 'data', 'integration-platforms.json');

let catalog: IntegrationPlatform[] | undefined;

/** Highest order first, as the cards are shown. */
export function platformCatalog(): IntegrationPlatform[] {
  catalog ??= (JSON.parse(readFileSync(catalogPath, 'utf8')) as IntegrationPlatform[]).sort((a, b) => b.order - a.order);
  return catalog;
}

export const findPlatform = (name: string): IntegrationPlatform | undefined => platformCatalog().find((p) => p.name === name);

/** Fills {{publicUrl}} always, and {{appId}} when the platforms are shown for one app. */
export function platformsFor({ ctx, appId }: { ctx: AppContext; appId?: string }): IntegrationPlatform[] {
  return platformCatalog().map((p) => ({
    ...p,
    endpoints: p.endpoints.map((e) => {
      const withHost = e.value.replaceAll('{{publicUrl}}', ctx.config.publicUrl);
      return { ...e, value: appId ? withHost.replaceAll('{{appId}}', appId) : withHost };
    }),
  }));
}
