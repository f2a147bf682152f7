// Shown when the plan's limit refused a project or a collaborator (spec 003 section 4).
import { Link } from 'react-router';
import { Modal } from '../../../components/Modal';
import { PRICING_PATH } from './plan-limit';

export function UpgradePopup({ open, what, onClose }: { open: boolean; what: 'projects' | 'collaborators'; onClose: () => void }) {
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
      <p>You have reached the number of {what} your plan includes. Upgrade to add more.</p>
    </Modal>
  );
}
