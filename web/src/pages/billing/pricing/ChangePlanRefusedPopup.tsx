// An update-plan refusal containing 'less widgets' (spec 002 section 8): the message, Close and
// Open Dashboard (where widgets can be removed).
import { Link } from 'react-router';
import { Modal } from '../../../components/Modal';

export function ChangePlanRefusedPopup({ message, onClose }: { message: string; onClose: () => void }) {
  return (
    <Modal
      open
      title="Change Plan"
      size="sm"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Close
          </button>
          <Link className="btn btn-primary" to="/user/dashboard">
            Open Dashboard
          </Link>
        </>
      }
    >
      <p>{message}</p>
    </Modal>
  );
}
