// Buttons of array fields with words, not RJSF's default glyph icons (no icon font is
// loaded): 'Add' (or the array's `ui:options.addText`) and 'Remove'.
import type { IconButtonProps } from '@rjsf/utils';
import { getUiOptions } from '@rjsf/utils';

export function AddButton({ id, onClick, disabled, uiSchema }: IconButtonProps) {
  const { addText } = getUiOptions(uiSchema);
  return (
    <div className="sf-array-add">
      <button type="button" id={id} className="btn btn-secondary btn-sm" onClick={onClick} disabled={disabled}>
        + {typeof addText === 'string' ? addText : 'Add'}
      </button>
    </div>
  );
}

export function RemoveButton({ id, onClick, disabled }: IconButtonProps) {
  return (
    <button type="button" id={id} className="btn btn-ghost btn-sm sf-array-remove" onClick={onClick} disabled={disabled}>
      Remove
    </button>
  );
}
