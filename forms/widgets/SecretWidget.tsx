// A secret (API secret, signing key): hidden until revealed, copyable, never editable.
import type { WidgetProps } from '@rjsf/utils';
import { CopyField } from '../../web/src/components/CopyField';

export function SecretWidget({ id, value, label, options }: WidgetProps) {
  const confirmMs = typeof options.confirmMs === 'number' ? options.confirmMs : undefined;
  return <CopyField id={id} label={label} value={value == null ? '' : String(value)} confirmMs={confirmMs} secret />;
}
