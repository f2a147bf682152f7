// Custom widgets by the name a uiSchema gives in `ui:widget`. CheckboxWidget replaces
// RJSF's default checkbox for every boolean.
import type { RegistryWidgetsType } from '@rjsf/utils';
import { CheckboxWidget } from './CheckboxWidget';
import { SwitchWidget } from './SwitchWidget';
import { CopyWidget, SecretWidget } from './CopyWidget';
import { ImageUploadWidget } from './ImageUploadWidget';
import { PasswordStrengthWidget } from './PasswordStrengthWidget';
import { RelationWidget } from './RelationWidget';

export const widgets: RegistryWidgetsType = {
  CheckboxWidget,
  switch: SwitchWidget,
  copy: CopyWidget,
  secret: SecretWidget,
  imageUpload: ImageUploadWidget,
  passwordStrength: PasswordStrengthWidget,
  relation: RelationWidget,
};
