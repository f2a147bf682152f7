// The 3-D Secure step: the provider's challenge page in a popup frame; it answers done or failed
// by postMessage (rules/billing-hosted-fields.ts).
import { useEffect } from 'react';
import { Modal } from '../../../components/Modal';
import { isThreeDSecureEvent } from '../../../../../rules/billing-hosted-fields';

export function ThreeDsPopup({ url, onDone, onFailed }: { url: string; onDone: () => void; onFailed: () => void }) {
  useEffect(() => {
    const onMessage = (message: MessageEvent) => {
      if (message.origin !== window.location.origin || !isThreeDSecureEvent(message.data)) return;
      if (message.data.event === 'done') onDone();
      else onFailed();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [onDone, onFailed]);
  return (
    <Modal open title="3-D Secure" size="md" onClose={onFailed}>
      <iframe className="three-ds__frame" src={url} title="3-D Secure authentication" />
    </Modal>
  );
}
