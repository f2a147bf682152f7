// A read-only value with a copy button (IDs, endpoint URLs), and its secret variant
// (API secrets, signing keys) hidden until revealed. `ui:options.confirmMs` sets how long
// "Copied!" stays.
import type { WidgetProps } from '@rjsf/utils';
import { CopyField } from '../components/CopyField';

const copyWidget = ({ secret }: { secret: boolean }) =>
  function CopyValue({ id, value, label, options }: WidgetProps) {
    const confirmMs = typeof options.confirmMs === 'number' ? options.confirmMs : undefined;
    return <CopyField id={id} label={label} value={value == null ? '' : String(value)} confirmMs={confirmMs} secret={secret} />;
  };

export const CopyWidget = copyWidget({ secret: false });
export const SecretWidget = copyWidget({ secret: true });
