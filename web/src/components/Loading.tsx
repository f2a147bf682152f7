// A loading indicator that lingers a little (spec 001: 600 ms) so fast loads do not flash.
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';

export const LINGER_MS = 600;

/** True while `active`, and for `ms` after it turns false. */
export function useLinger(active: boolean, ms = LINGER_MS): boolean {
  const [previous, setPrevious] = useState(active);
  const [lingering, setLingering] = useState(false);
  // Adjusting state while rendering, as React advises for reacting to a prop change.
  if (previous !== active) {
    setPrevious(active);
    setLingering(!active);
  }
  useEffect(() => {
    if (!lingering) return;
    const timer = setTimeout(() => setLingering(false), ms);
    return () => clearTimeout(timer);
  }, [lingering, ms]);
  return active || lingering;
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
