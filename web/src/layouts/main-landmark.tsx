// The page's one <main> landmark (axe: landmark-one-main, landmark-no-duplicate-main). The
// signed-in shells draw it around their page; a page that also stands alone (the pricing page at
// /pricing/... and inside the dashboard) draws its own only where no shell drew one.
import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';

const InsideMain = createContext(false);

export function MainLandmark({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <InsideMain.Provider value>
      <main className={className}>{children}</main>
    </InsideMain.Provider>
  );
}

/** A page's own root: <main> when it stands alone, a plain block inside a shell's main. */
export function PageMain({ className, children }: { className?: string; children: ReactNode }) {
  return useContext(InsideMain) ? <div className={className}>{children}</div> : <main className={className}>{children}</main>;
}
