import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';
import { DRAG } from '../../../../shared/constants';
import { classNames } from './class-names';
import { useAppTexts } from '../../i18n/texts';

/** The keyboard moves a lifted item by DRAG.keyboardStepPx per arrow key. */
const stepCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates: { x, y } }) => {
  const step = DRAG.keyboardStepPx;
  switch (event.code) {
    case 'ArrowDown':
      return { x, y: y + step };
    case 'ArrowUp':
      return { x, y: y - step };
    case 'ArrowRight':
      return { x: x + step, y };
    case 'ArrowLeft':
      return { x: x - step, y };
    default:
      return undefined;
  }
};

export interface ReorderableListProps<T extends { id: string }> {
  items: readonly T[];
  /** An item was dropped on another's place. */
  onMove: (activeId: string, overId: string) => void;
  className: string;
  label: string;
  /** What the handle's name says it moves. */
  itemName: (item: T) => string;
  /** The card; `handle` is null outside reorder mode. */
  renderItem: (item: T, handle: ReactNode) => ReactNode;
}

/**
 * A list in reorder mode (dnd-kit): an item moves by pointer once it has moved DRAG.activationPx, or
 * by keyboard (focus its handle, Space, arrow keys, Space; Escape cancels).
 */
export function ReorderableList<T extends { id: string }>({ items, onMove, className, label, itemName, renderItem }: ReorderableListProps<T>) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: DRAG.activationPx } }),
    useSensor(KeyboardSensor, { coordinateGetter: stepCoordinates }),
  );

  function dragEnd({ active, over }: DragEndEvent) {
    if (over && active.id !== over.id) onMove(String(active.id), String(over.id));
  }

  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={dragEnd}>
      <SortableContext items={items.map((item) => item.id)} strategy={rectSortingStrategy}>
        <ul className={classNames('sortable-list', className)} aria-label={label}>
          {items.map((item) => (
            <SortableItem key={item.id} id={item.id} name={itemName(item)}>
              {(handle) => renderItem(item, handle)}
            </SortableItem>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

interface SortableItemProps {
  id: string;
  name: string;
  children: (handle: ReactNode) => ReactNode;
}

function SortableItem({ id, name, children }: SortableItemProps) {
  const dragLabel = useAppTexts().ui.dragToReorder;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const handle = (
    <button type="button" ref={setActivatorNodeRef} className="sortable-list__handle" {...attributes} {...listeners} aria-label={dragLabel(name)}>
      <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
        {[6, 10, 14].flatMap((cy) => [7, 13].map((cx) => <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r="1.5" fill="currentColor" />))}
      </svg>
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      className={classNames('sortable-list__item', isDragging && 'sortable-list__item--dragging')}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      {children(handle)}
    </li>
  );
}
