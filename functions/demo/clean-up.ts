import type { ScheduledEvent } from 'aws-lambda';
import { DAY_MS } from '../../shared/dates';
import { now } from '../platform/clock';
import { reportError, withErrorReporting } from '../platform/error-reporting';
import { log } from '../platform/log';
import { deleteAccount } from '../account/deletion';
import { carryForward, CLEAN_UP_LOOKBACK_DAYS, expiredDemos, unregister, type RegisteredDemo } from './register.repository';

/**
 * Scheduled: deletes the demo accounts that have expired, each through the one path of an
 * account's deletion (functions/account/deletion.ts). Reads only the register's partitions of the past week's days, never the users'
 * own items. One account failing is logged, its record carried forward to today's partition, and
 * tried again on the next run; the others go on. Failures are reported.
 */
export function handler(_event?: ScheduledEvent): Promise<{ deleted: number; failed: number }> {
  return withErrorReporting({ name: 'demo/clean-up', op: 'function.schedule' }, deleteExpiredDemos);
}

async function deleteExpiredDemos(): Promise<{ deleted: number; failed: number }> {
  const startedAt = now();
  let deleted = 0;
  let failed = 0;
  // Read first, then delete: a record carried forward lands in today's partition, read already.
  const due: RegisteredDemo[] = [];
  for (let back = CLEAN_UP_LOOKBACK_DAYS; back >= 0; back -= 1) {
    const day = new Date(startedAt.getTime() - back * DAY_MS).toISOString().slice(0, 10);
    for await (const demo of expiredDemos(day, startedAt)) due.push(demo);
  }
  for (const demo of due) {
    try {
      await deleteAccount({ userId: demo.user_id, email: demo.email });
      // Last: any step failing leaves the record for the next run.
      await unregister(demo);
      deleted += 1;
    } catch (error) {
      failed += 1;
      log.error('demo account not deleted; the next run tries again', { error: String(error) });
      await reportError(error);
      await carryForward(demo, startedAt).catch((carryError: unknown) => log.error('demo account not carried forward', { error: String(carryError) }));
    }
  }
  log.info('demo clean-up finished', { deleted, failed });
  return { deleted, failed };
}
