// The field-type picker (spec 001 sections 2 and 3): the type is chosen first, among the first twelve.
import { PICKER_FIELD_TYPES } from '../../../../../../rules/database-fields';
import type { FieldType } from '../../../../../../rules/database-fields';
import { Modal } from '../../../../components/Modal';
import { FIELD_TYPE_INFO } from './field-types';

export function FieldTypePicker({ onPick, onClose }: { onPick: (type: FieldType) => void; onClose: () => void }) {
  return (
    <Modal open title="Select a field type" onClose={onClose} size="lg">
      <ul className="db-type-picker">
        {PICKER_FIELD_TYPES.map((type) => (
          <li key={type}>
            <button type="button" className="db-type-picker__type" onClick={() => onPick(type)}>
              <span className="db-type-picker__icon" aria-hidden="true">{FIELD_TYPE_INFO[type].icon}</span>
              <span>
                <strong>{FIELD_TYPE_INFO[type].label}</strong>
                <small>{FIELD_TYPE_INFO[type].text}</small>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
