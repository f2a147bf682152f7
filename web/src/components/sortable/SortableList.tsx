// A list reordered by dragging its grip: a press of 120 ms starts a drag (spec 001 section 9),
// so a quick tap or a scroll is never taken for one; arrow keys move a grabbed row too.
// Controlled: it renders `items` in the order given and reports the order the user made.
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import type { DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';
import './SortableList.css';

/** Spec 001 section 9: drag reorder needs a 120 ms press. */
export const DRAG_PRESS_MS = 120;
/** Pixels a finger may wander during the press before it counts as a scroll instead. */
const PRESS_TOLERANCE_PX = 5;

export type SortableListProps<T> = {
  items: ReadonlyArray<T>;
  idOf: (item: T) => string;
  /** The grip's accessible name for one row, e.g. `Move Pro`. */
  gripLabel: (item: T) => string;
  /** The row's content; the grip is rendered before it. */
  renderItem: (item: T) => ReactNode;
  /** Called after a drop that changed the order, with every item in its new place. */
  onReorder: (next: T[]) => void;
  label: string;
  disabled?: boolean;
  className?: string;
};

function SortableRow({ id, gripLabel, disabled, children }: { id: string; gripLabel: string; disabled: boolean; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  return (
    <li
      ref={setNodeRef}
      className={`sortable__row${isDragging ? ' sortable__row--dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-sortable-id={id}
    >
      <button type="button" ref={setActivatorNodeRef} className="sortable__grip" aria-label={gripLabel} disabled={disabled} {...attributes} {...listeners}>
        <span aria-hidden="true">⋮⋮</span>
      </button>
      <div className="sortable__content">{children}</div>
    </li>
  );
}

export function SortableList<T>({ items, idOf, gripLabel, renderItem, onReorder, label, disabled = false, className }: SortableListProps<T>) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { delay: DRAG_PRESS_MS, tolerance: PRESS_TOLERANCE_PX } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map(idOf);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    onReorder(arrayMove([...items], from, to));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
        <ul className={['sortable', className ?? ''].join(' ').trim()} aria-label={label}>
          {items.map((item) => (
            <SortableRow key={idOf(item)} id={idOf(item)} gripLabel={gripLabel(item)} disabled={disabled}>
              {renderItem(item)}
            </SortableRow>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
