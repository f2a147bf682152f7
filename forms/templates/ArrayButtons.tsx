// Buttons of array fields with words or plain arrows, not RJSF's default glyph icons (no icon
// font is loaded, so those render as empty boxes): 'Add' (or the array's `ui:options.addText`),
// 'Remove', 'Copy' and the reordering arrows.
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

function ArrowButton({ id, onClick, disabled, label, arrow }: IconButtonProps & { label: string; arrow: string }) {
  return (
    <button type="button" id={id} className="btn btn-ghost btn-sm sf-array-move" onClick={onClick} disabled={disabled} aria-label={label} title={label}>
      {arrow}
    </button>
  );
}

export const MoveUpButton = (props: IconButtonProps) => <ArrowButton {...props} label="Move up" arrow="↑" />;
export const MoveDownButton = (props: IconButtonProps) => <ArrowButton {...props} label="Move down" arrow="↓" />;

export function CopyButton({ id, onClick, disabled }: IconButtonProps) {
  return (
    <button type="button" id={id} className="btn btn-ghost btn-sm" onClick={onClick} disabled={disabled}>
      Copy
    </button>
  );
}
