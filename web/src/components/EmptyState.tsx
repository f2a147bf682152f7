// What a list shows when it has nothing yet, with the action that fills it.
import type { ReactNode } from 'react';
import './EmptyState.css';

export function EmptyState({ title, text, action, icon }: { title: string; text?: ReactNode; action?: ReactNode; icon?: ReactNode }) {
  return (
    <div className="empty-state">
      <div className="empty-state__icon" aria-hidden="true">
        {icon ?? '◇'}
      </div>
      {/* h2: it often stands right under a page's h1 (axe heading-order); under an h2 it is a peer. */}
      <h2 className="empty-state__title">{title}</h2>
      {text && <p className="empty-state__text">{text}</p>}
      {action && <div className="empty-state__action">{action}</div>}
    </div>
  );
}
