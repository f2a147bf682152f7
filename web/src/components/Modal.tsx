// An accessible modal dialog: portal, labelled by its title, Escape and backdrop close it,
// focus moves in on open, stays inside while open and returns where it was on close.
import { useEffect, useId, useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { focusableWithin as within, wrapTab } from './focus-trap';
import './Modal.css';

export type ModalProps = {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** While true, Escape, the backdrop and the close button do nothing (e.g. a request is running). */
  locked?: boolean;
};

export function Modal({ open, title, onClose, children, footer, size = 'md', locked = false }: ModalProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // The content's first control, else the footer's first (Cancel in a confirm), never the ×.
    const first = panel.current?.querySelector<HTMLElement>(within('.modal__body')) ?? panel.current?.querySelector<HTMLElement>(within('.modal__footer'));
    (first ?? panel.current)?.focus();
    return () => previous?.focus();
  }, [open]);

  if (!open) return null;

  const close = () => !locked && onClose();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
    }
    wrapTab(event, panel.current);
  };

  return createPortal(
    <div className="modal" onKeyDown={onKeyDown}>
      <div className="modal__backdrop" onClick={close} aria-hidden="true" />
      <div ref={panel} className={`modal__panel modal__panel--${size}`} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <header className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button type="button" className="btn btn-ghost btn-sm modal__close" aria-label="Close" onClick={close} disabled={locked}>
            ×
          </button>
        </header>
        <div className="modal__body">{children}</div>
        {footer && <footer className="modal__footer">{footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}
