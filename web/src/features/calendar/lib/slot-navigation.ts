import { HOURS } from './calendar-dates';

export interface SlotPosition {
  dayIndex: number;
  hour: number;
}

/** Where an arrow, Home or End key moves the focus among the empty slots (nowhere past an edge); null for any other key. */
export function slotAfterKey(key: string, { dayIndex, hour }: SlotPosition, dayCount: number): SlotPosition | null {
  const lastHour = HOURS.length - 1;
  const moves: Record<string, SlotPosition> = {
    ArrowUp: { dayIndex, hour: Math.max(0, hour - 1) },
    ArrowDown: { dayIndex, hour: Math.min(lastHour, hour + 1) },
    ArrowLeft: { dayIndex: Math.max(0, dayIndex - 1), hour },
    ArrowRight: { dayIndex: Math.min(dayCount - 1, dayIndex + 1), hour },
    Home: { dayIndex, hour: 0 },
    End: { dayIndex, hour: lastHour },
  };
  return moves[key] ?? null;
}
