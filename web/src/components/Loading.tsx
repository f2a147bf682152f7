// A loading indicator that lingers a little (spec 001: 600 ms) so fast loads do not flash.
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';

export const LINGER_MS = 600;

/** True while `active`, and for `ms` after it turns false. */
export function useLinger(active: boolean, ms = LINGER_MS): boolean {
  const [shown, setShown] = useState(active);
  useEffect(() => {
    if (active) {
      setShown(true);
      return;
    }
    const timer = setTimeout(() => setShown(false), ms);
    return () => clearTimeout(timer);
  }, [active, ms]);
  return shown;
}

export function Spinner({ label = 'Loading', small = false }: { label?: string; small?: boolean }) {
  return <span className={`spinner${small ? ' spinner--sm' : ''}`} role="status" aria-label={label} />;
}

/** A centred spinner for a region that is loading; renders `children` once loaded. */
export function Loading({ active, children, label }: { active: boolean; children?: ReactNode; label?: string }) {
  const shown = useLinger(active);
  if (shown) {
    return (
      <div className="loading">
        <Spinner label={label} />
      </div>
    );
  }
  return <>{children}</>;
}
