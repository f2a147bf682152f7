// Shown when the plan's limit refused a project, a collaborator (spec 003 section 4) or an upload
// over the plan's storage.
import { Link } from 'react-router';
import { Modal } from '../../../components/Modal';
import { PRICING_PATH } from './plan-limit';

const REACHED = {
  projects: 'the number of projects',
  collaborators: 'the number of collaborators',
  storage: 'the storage',
} as const;

export function UpgradePopup({ open, what, onClose }: { open: boolean; what: keyof typeof REACHED; onClose: () => void }) {
  return (
    <Modal
      open={open}
      title="Upgrade your plan"
      onClose={onClose}
      size="sm"
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Not now
          </button>
          <Link className="btn btn-primary" to={PRICING_PATH}>
            See plans
          </Link>
        </>
      }
    >
      <p>You have reached {REACHED[what]} your plan includes. Upgrade to add more.</p>
    </Modal>
  );
}
