// Custom widgets by the name a uiSchema gives in `ui:widget`. CheckboxWidget replaces
// RJSF's default checkbox for every boolean.
import type { RegistryWidgetsType } from '@rjsf/utils';
import { CheckboxWidget } from './CheckboxWidget';
import { SwitchWidget } from './SwitchWidget';
import { CopyWidget, SecretWidget } from './CopyWidget';
import { PasswordStrengthWidget } from './PasswordStrengthWidget';
import { lazyWidget } from './lazy-widget';

// Loaded on first use: the engine comes with every sign-in page (docs/serving.md, "First-load JavaScript").
const ImageUploadWidget = lazyWidget(async () => (await import('./ImageUploadWidget')).ImageUploadWidget);
const RelationWidget = lazyWidget(async () => (await import('./RelationWidget')).RelationWidget);
const DeclaredRelationWidget = lazyWidget(async () => (await import('./DeclaredRelationWidget')).DeclaredRelationWidget);
const MediaWidget = lazyWidget(async () => (await import('./MediaWidget')).MediaWidget);

export const widgets: RegistryWidgetsType = {
  CheckboxWidget,
  switch: SwitchWidget,
  copy: CopyWidget,
  secret: SecretWidget,
  imageUpload: ImageUploadWidget,
  passwordStrength: PasswordStrengthWidget,
  relation: RelationWidget,
  declaredRelation: DeclaredRelationWidget,
  media: MediaWidget,
};
