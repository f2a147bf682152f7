// A read-only value with a copy button (IDs, endpoint URLs). `ui:options.confirmMs` sets
// how long "Copied!" stays.
import type { WidgetProps } from '@rjsf/utils';
import { CopyField } from '../../web/src/components/CopyField';

export function CopyWidget({ id, value, label, options }: WidgetProps) {
  const confirmMs = typeof options.confirmMs === 'number' ? options.confirmMs : undefined;
  return <CopyField id={id} label={label} value={value == null ? '' : String(value)} confirmMs={confirmMs} />;
}
