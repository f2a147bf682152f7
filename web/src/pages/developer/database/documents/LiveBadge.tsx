// Whether the Documents tab follows the collection live (use-live-documents.ts), in words.
import type { LiveState } from './use-live-documents';

const TEXTS: Record<LiveState, string> = {
  connecting: 'Connecting…',
  live: 'Live: new and changed documents appear here',
  retrying: 'Reconnecting… (Refresh shows the latest meanwhile)',
  off: 'Not live: use Refresh to see changes',
};

export function LiveBadge({ state }: { state: LiveState }) {
  // Until the stream answers, the line's shape: a word that changes a moment later says nothing.
  if (state === 'connecting') {
    return (
      <p className="db-live db-live--connecting" role="status">
        <span className="db-live__dot" aria-hidden="true" />
        <span className="placeholder" style={{ width: '18em' }} aria-hidden="true" />
        <span className="visually-hidden">{TEXTS.connecting}</span>
      </p>
    );
  }
  return (
    <p className={`db-live db-live--${state}`} role="status">
      <span className="db-live__dot" aria-hidden="true" />
      {TEXTS[state]}
    </p>
  );
}
