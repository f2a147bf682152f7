// Whether an element has come into view (or near it) once: a list's pictures are drawn only when
// a user scrolls to them, and stay drawn after.
import { useEffect, useState } from 'react';

/** Starts a drawing this far before its box scrolls in, so it is there when seen. */
const AHEAD = '200px';

export function useSeen(element: Element | null): boolean {
  // A browser without the observer draws at once rather than never.
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (!element || seen) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, seen]);
  return seen;
}
