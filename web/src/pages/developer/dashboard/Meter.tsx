import { abbreviate } from '../../../../../rules/abbreviate';

/** A usage bar: value against its maximum, both shown abbreviated. */
export function Meter({ label, value, max, unit = '', format = abbreviate }: { label: string; value: number; max: number; unit?: string; format?: (n: number) => string }) {
  const percent = Math.min(100, max > 0 ? (value / max) * 100 : 0);
  return (
    <div className="dp-meter" role="meter" aria-label={label} aria-valuenow={value} aria-valuemin={0} aria-valuemax={max}>
      <div className="dp-meter-head">
        <span>{label}</span>
        <span className="dp-muted">{format(value)}{unit} / {format(max)}{unit}</span>
      </div>
      <div className="dp-meter-bar"><span style={{ width: `${percent}%` }} /></div>
    </div>
  );
}
