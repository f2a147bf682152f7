// The plan switch popup (spec 002 section 2): the current plan beside the new one; Update Plan
// reads Updating... while the call runs.
import { Modal } from '../../../components/Modal';
import { ModalActions } from '../../../components/ModalActions';

export function PlanSwitchPopup({ currentName, newName, newPrice, busy, onUpdate, onClose }: {
  currentName: string;
  newName: string;
  newPrice: string;
  busy: boolean;
  onUpdate: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      open
      title="Switch plan"
      size="sm"
      locked={busy}
      onClose={onClose}
      footer={<ModalActions busy={busy} onCancel={onClose} actionText="Update Plan" busyText="Updating..." onAction={onUpdate} />}
    >
      <div className="plan-compare">
        <div>
          <h3>Current plan</h3>
          <p>{currentName}</p>
        </div>
        <div>
          <h3>New plan</h3>
          <p>{newName}</p>
          <span className="muted">{newPrice}</span>
        </div>
      </div>
      <p className="muted">The unused part of your current period is credited toward the new plan.</p>
    </Modal>
  );
}
