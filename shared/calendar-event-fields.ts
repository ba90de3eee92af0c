/** An event's own fields' rules: what the schema (calendar-events.schema.ts) validates with. */

export const EVENT_TYPES = ['meeting', 'reminder', 'deadline', 'personal', 'other'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** An event's times, as stored: instants, or for an all-day event its first and last days at 00:00 UTC. */
export interface EventTimes {
  start_time: string;
  end_time: string;
  all_day: boolean;
}

/**
 * End strictly after start. An all-day event counts as 00:00 on its first day to 23:59 on its last,
 * so a single-day all-day event is valid.
 */
export function endsAfterStart({ start_time, end_time, all_day }: EventTimes): boolean {
  if (all_day) {
    const start = Date.parse(`${start_time.slice(0, 10)}T00:00:00Z`);
    const end = Date.parse(`${end_time.slice(0, 10)}T23:59:00Z`);
    return end > start;
  }
  return Date.parse(end_time) > Date.parse(start_time);
}
