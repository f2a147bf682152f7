// The declared screens of a copy of openapi/ with test/fixtures/announcement.yaml added, bundled
// as `npm run generate` bundles (scripts/bundle-openapi.ts).
import { copyFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { bundleOpenApi } from '../../../scripts/bundle-openapi';
import { declaredScreens } from '../../../forms/resource/declared';
import type { DeclaredScreen } from '../../../forms/resource/declared';
import type { JsonSchema } from '../../../forms/schemas';
import { tempDir } from '../../helpers/temp-dir';

export function announcementScreens(): DeclaredScreen[] {
  const dir = tempDir('nindo-openapi-');
  for (const file of readdirSync('openapi')) copyFileSync(join('openapi', file), join(dir, file));
  copyFileSync(join('test', 'fixtures', 'announcement.yaml'), join(dir, 'zz-announcements.yaml'));
  const document = bundleOpenApi(dir) as { components: { schemas: Record<string, JsonSchema> } };
  return declaredScreens(document.components.schemas);
}
