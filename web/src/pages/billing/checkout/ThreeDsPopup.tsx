// The 3-D Secure step: the provider's challenge page in a popup frame; it answers done or failed
// by postMessage (docs/billing.md).
import { useEffect } from 'react';
import { Modal } from '../../../components/Modal';
import { threeDsEventOf } from './card-fields-protocol';

export function ThreeDsPopup({ url, onDone, onFailed }: { url: string; onDone: () => void; onFailed: () => void }) {
  useEffect(() => {
    const onMessage = (message: MessageEvent) => {
      if (message.origin !== window.location.origin) return;
      const event = threeDsEventOf(message.data);
      if (event?.event === 'done') onDone();
      if (event?.event === 'failed') onFailed();
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
