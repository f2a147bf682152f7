import { abbreviate } from '../../../rules/abbreviate';
import { Figure } from './Placeholder';
import './meter.css';

/**
 * A usage bar: value against its maximum, both shown abbreviated; a placeholder while `pending`.
 * `over`: drawn in the warning colour (a limit reached). Used by both dashboards.
 */
export function Meter({ label, value, max, pending = false, over = false, format = abbreviate }: { label: string; value: number | undefined; max: number; pending?: boolean; over?: boolean; format?: (n: number) => string }) {
  const percent = value === undefined ? 0 : Math.min(100, max > 0 ? (value / max) * 100 : 0);
  return (
    <div className={`dp-meter${over ? ' dp-meter--over' : ''}`} role="meter" aria-label={label} aria-valuenow={value} aria-valuemin={0} aria-valuemax={max} aria-busy={pending}>
      <div className="dp-meter-head">
        <span>{label}</span>
        <span className="dp-muted"><Figure pending={pending} text={value === undefined ? undefined : format(value)} /> / {format(max)}</span>
      </div>
      <div className="dp-meter-bar"><span style={{ width: `${percent}%` }} /></div>
    </div>
  );
}
