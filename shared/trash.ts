import { TRASH_RETENTION_DAYS } from './constants';
import { DAY_MS, daysLeft } from './dates';

/** When a trashed item is purged: the retention after its deletion, to the millisecond. */
export function trashExpiresAt(deletedAt: string): string {
  return new Date(Date.parse(deletedAt) + TRASH_RETENTION_DAYS * DAY_MS).toISOString();
}

/**
 * The days the trash shows as left, counted in the person's calendar: 10 on the day of the
 * deletion, 0 ('Expiring today') on the day of the purge. Counted to the purge's own day, so the
 * label can never promise a day the purge does not keep.
 */
export function trashDaysLeft(deletedAt: string, now: Date, timeZone: string): number {
  return Math.max(0, daysLeft(trashExpiresAt(deletedAt), now, timeZone));
}
