import { useState, type KeyboardEvent, type RefObject } from 'react';

/** An empty slot's place in a view: its day's column, and its row (the hour, or the month's week). */
export interface SlotPosition {
  column: number;
  row: number;
}

/**
 * Where a key moves the focus among the empty slots, which are one Tab stop: the arrows to the
 * next slot that way, Home and End to the top and bottom of the column; nowhere past an edge. Null
 * for any other key.
 */
export function slotAfterKey(key: string, { column, row }: SlotPosition, size: { columns: number; rows: number }): SlotPosition | null {
  const moves: Record<string, SlotPosition> = {
    ArrowUp: { column, row: Math.max(0, row - 1) },
    ArrowDown: { column, row: Math.min(size.rows - 1, row + 1) },
    ArrowLeft: { column: Math.max(0, column - 1), row },
    ArrowRight: { column: Math.min(size.columns - 1, column + 1), row },
    Home: { column, row: 0 },
    End: { column, row: size.rows - 1 },
  };
  return moves[key] ?? null;
}

/**
 * Makes a view's empty slots one Tab stop (roving tabindex): `slotProps(position)` goes on each
 * slot button; the arrows move the focus, found by position inside `container`. The stop starts
 * at `initial` and stays where the focus last was, kept inside the view when it shrinks.
 */
export function useRovingSlots(container: RefObject<HTMLElement | null>, initial: () => SlotPosition, size: { columns: number; rows: number }) {
  const [active, setActive] = useState(initial);
  const stop = { column: Math.min(active.column, size.columns - 1), row: Math.min(active.row, size.rows - 1) };
  return (position: SlotPosition) => ({
    'data-slot': `${position.column}-${position.row}`,
    tabIndex: position.column === stop.column && position.row === stop.row ? 0 : -1,
    onFocus: () => setActive(position),
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      const next = slotAfterKey(event.key, position, size);
      if (!next) return;
      event.preventDefault();
      setActive(next);
      container.current?.querySelector<HTMLElement>(`[data-slot="${next.column}-${next.row}"]`)?.focus();
    },
  });
}
