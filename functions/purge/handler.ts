import type { ScheduledEvent } from 'aws-lambda';
import { DAY_MS } from '../../shared/dates';
import { purgeExpiredOn } from '../items/background';
import { now } from '../platform/clock';
import { withErrorReporting } from '../platform/error-reporting';
import { log } from '../platform/log';
import { readCheckpoint, saveCheckpoint } from './repository';

/** How far back the first run looks for expired trash; later runs go on from their checkpoint. */
const FIRST_RUN_LOOKBACK_DAYS = 30;

/**
 * Scheduled: deletes for good the goals, tasks and events that have been in the trash more than
 * 10 days. It reads only the expiry index's partitions of the days that have come due, so its cost
 * follows the expired items, not the live ones. Safe to run twice: each delete is conditional on
 * the item still being the same trashed item. A failure is reported.
 */
export function handler(_event?: ScheduledEvent): Promise<{ purged: number }> {
  return withErrorReporting({ name: 'purge/handler', op: 'function.schedule' }, purgeExpiredTrash);
}

async function purgeExpiredTrash(): Promise<{ purged: number }> {
  const startedAt = now();
  const today = startedAt.toISOString().slice(0, 10);
  const start = await firstDayToPurge(startedAt);
  let purged = 0;
  for (let day = start; day <= today; day = nextDay(day)) {
    purged += await purgeExpiredOn(day, startedAt);
    // A past day is done for good: nothing can expire on it later.
    if (day < today) await saveCheckpoint(nextDay(day));
  }
  log.info('trash purge finished', { purged, from: start, to: today });
  return { purged };
}

async function firstDayToPurge(now: Date): Promise<string> {
  return (await readCheckpoint()) ?? new Date(now.getTime() - FIRST_RUN_LOOKBACK_DAYS * DAY_MS).toISOString().slice(0, 10);
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}
