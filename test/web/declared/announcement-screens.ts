// The declared screens of a copy of openapi/ with test/fixtures/announcement.yaml added, bundled
// as `npm run generate` bundles (scripts/bundle-openapi.ts).
import { declaredScreens } from '../../../forms/resource/declared';
import type { DeclaredScreen } from '../../../forms/resource/declared';
import type { JsonSchema } from '../../../forms/schemas';
import { documentWithDeclaredResources } from '../../fixtures/declared-document';

export function announcementScreens(): DeclaredScreen[] {
  const { document } = documentWithDeclaredResources();
  return declaredScreens((document as { components: { schemas: Record<string, JsonSchema> } }).components.schemas);
}
