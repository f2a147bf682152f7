// The signed-in frame both apps share (the widget platform's dashboard and the developer portal):
// a sidebar that runs the page's full height beside the page, and on a phone a top bar whose
// Menu button opens the sidebar as a drawer over the page. The open drawer keeps Tab inside,
// closes on Escape, on its backdrop or on following a link, and gives focus back to Menu.
import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { useLocation } from 'react-router';
import { focusableWithin, wrapTab } from '../components/focus-trap';
import { Icon } from './icons';
import './app-frame.css';

export function AppFrame({ brand, sidebar, children }: { brand: ReactNode; sidebar: ReactNode; children: ReactNode }) {
  const drawerId = useId();
  const { pathname } = useLocation();
  // Open for the address it was opened at: following a link in the drawer closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === pathname;
  const menuButton = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (open) drawer.current?.querySelector<HTMLElement>(focusableWithin('.app-frame__side-inner'))?.focus();
  }, [open]);

  const close = () => {
    setOpenAt(null);
    menuButton.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (!open) return;
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
    }
    wrapTab(event, drawer.current);
  };

  return (
    <div className={`app-frame${open ? ' is-open' : ''}`}>
      <header className="app-frame__bar">
        <button
          ref={menuButton}
          type="button"
          className="app-frame__menu"
          aria-expanded={open}
          aria-controls={drawerId}
          onClick={() => (open ? close() : setOpenAt(pathname))}
        >
          <Icon name="menu" />
          Menu
        </button>
        {brand}
      </header>
      {open && <div className="app-frame__backdrop" aria-hidden="true" onClick={close} />}
      <div ref={drawer} id={drawerId} className="app-frame__side" onKeyDown={onKeyDown}>
        <div className="app-frame__side-inner">{sidebar}</div>
      </div>
      <div className="app-frame__page">{children}</div>
    </div>
  );
}
