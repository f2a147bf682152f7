// Shown when the plan's limit refused a project, a collaborator (spec 003 section 4) or an upload
// over the plan's storage. It frames the widgets bundle's pricing (spec 002 section 2: the upgrade
// popup embeds the pricing view) at its embed address, as tall as the page says it is; a purchase
// there (the checkout success page's message) closes it and the workspace reads its raised limits
// again. The link opens the same plans in the dashboard should the frame not show.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Modal } from '../../../components/Modal';
import { FRAME_HEIGHT_MESSAGE } from '../../../layouts/embed-frame';
import { CHECKOUT_SUCCESS_MESSAGE } from '../../billing/checkout/checkout-success-path';
import { PRICING_EMBED_PATH, PRICING_PATH } from './plan-limit';
import './projects.css';

const REACHED = {
  projects: 'the number of projects',
  collaborators: 'the number of collaborators',
  storage: 'the storage',
} as const;

const INITIAL_HEIGHT = 560;

const typeOf = (data: unknown): unknown => (typeof data === 'object' && data !== null && 'type' in data ? data.type : undefined);
const heightOf = (data: unknown): number | undefined => (typeof data === 'object' && data !== null && 'height' in data && typeof data.height === 'number' ? data.height : undefined);

function usePricingFrame({ open, onClose }: { open: boolean; onClose: () => void }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(INITIAL_HEIGHT);
  const client = useQueryClient();
  useEffect(() => {
    if (!open) return;
    const onMessage = (message: MessageEvent) => {
      // Only the pricing page this popup frames.
      if (message.origin !== window.location.origin || message.source !== frame.current?.contentWindow) return;
      const height = heightOf(message.data);
      if (typeOf(message.data) === FRAME_HEIGHT_MESSAGE && height !== undefined) setHeight(Math.ceil(height));
      if (typeOf(message.data) === CHECKOUT_SUCCESS_MESSAGE) {
        void client.invalidateQueries();
        onClose();
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [open, onClose, client]);
  return { frame, height };
}

export function UpgradePopup({ open, what, onClose }: { open: boolean; what: keyof typeof REACHED; onClose: () => void }) {
  const { frame, height } = usePricingFrame({ open, onClose });
  return (
    <Modal
      open={open}
      title="Upgrade your plan"
      onClose={onClose}
      size="lg"
      footer={
        <>
          <Link className="btn btn-ghost" to={PRICING_PATH}>
            See plans
          </Link>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Not now
          </button>
        </>
      }
    >
      <p>You have reached {REACHED[what]} your plan includes. Upgrade to add more.</p>
      <iframe ref={frame} className="upgrade-popup__pricing" src={PRICING_EMBED_PATH} title="Plans" style={{ height }} />
    </Modal>
  );
}
