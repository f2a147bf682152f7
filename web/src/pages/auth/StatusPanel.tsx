// Pending / success / error states of token pages (email confirmation, invitations,
// developer signup). Errors carry the server message and a way back to login.
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export type Status = 'pending' | 'success' | 'error';

const ICONS: Record<Status, ReactNode> = {
  pending: <span className="spinner" aria-hidden="true" />,
  success: '✓',
  error: '!',
};

interface StatusPanelProps {
  status: Status;
  children: ReactNode;
  /** Shown under the text in the error state. */
  backToLogin?: string;
}

export function StatusPanel({ status, children, backToLogin }: StatusPanelProps) {
  return (
    <div className="status-panel" role={status === 'error' ? 'alert' : 'status'} data-status={status}>
      <span className={`status-panel__icon status-panel__icon--${status}`} aria-hidden="true">
        {ICONS[status]}
      </span>
      {children}
      {status === 'error' && backToLogin ? <Link to={backToLogin}>Back to Login Page</Link> : null}
    </div>
  );
}
