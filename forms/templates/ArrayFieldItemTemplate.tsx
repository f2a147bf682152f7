// One item of a list (an FAQ question, a testimonial, a plan's price) as a card: its number and
// its buttons (move, copy, remove) in a compact bar on top, its fields stacked the full width
// below. RJSF's own item puts the fields in a bootstrap column this product has no grid for, so
// they shrank to their content with the buttons far to the right.
import type { ArrayFieldItemTemplateProps } from '@rjsf/utils';
import { getDefaultRegistry } from '@rjsf/core';

// RJSF's own buttons row (it picks our ButtonTemplates from the registry), taken once at load.
const { ArrayFieldItemButtonsTemplate: Buttons } = getDefaultRegistry().templates;

export const ITEM_LABEL = 'Item';

export function ArrayFieldItemTemplate({ children, className, buttonsProps, hasToolbar, index }: ArrayFieldItemTemplateProps) {
  return (
    <div className={`${className} sf-array-item`}>
      {hasToolbar ? (
        <div className="sf-array-item__bar">
          <span className="sf-array-item__label">
            {ITEM_LABEL} {index + 1}
          </span>
          <div className="sf-array-item__tools">
            <Buttons {...buttonsProps} />
          </div>
        </div>
      ) : null}
      <div className="sf-array-item__body">{children}</div>
    </div>
  );
}
