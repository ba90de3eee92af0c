import type { ScheduledEvent } from 'aws-lambda';
import { now } from '../platform/clock';
import { reportError, withErrorReporting } from '../platform/error-reporting';
import { log } from '../platform/log';
import { mirrorPending, REFUSED_RETRY_MS, retryDelayMs } from './mirror';
import { clearPending, deferPending, duePending, type PendingMirror } from './pending-mirror.repository';
import { getConnection, hasWriteAccess, type Connection } from './tokens.repository';

/** How many waiting changes one run takes on; more wait for the next minute. */
const RUN_LIMIT = 200;

/**
 * Scheduled every minute: writes to Google the events whose changes it has not confirmed (a Google
 * outage, a rate limit), each as it is now, once its wait is over. A person's first failure in a
 * run puts off the rest of theirs with the same wait, so an outage costs one call per person and
 * run. A change whose person is no longer connected with write access is forgotten: there is no
 * calendar to write it to. Safe to run twice: each write is an upsert by the event's derived id,
 * and a mark is cleared only for the change that set it.
 */
export function handler(_event?: ScheduledEvent): Promise<{ mirrored: number; waiting: number }> {
  return withErrorReporting({ name: 'gcal/reconcile-mirror', op: 'function.schedule' }, reconcile);
}

/**
 * One waiting change written, or put off: a failure that is not Google's (the table, a defect in
 * this event) is reported and tried again in an hour, so that it holds back no one else's.
 */
async function mirroredOrPutOff(connection: Connection, pending: PendingMirror, at: Date): Promise<Awaited<ReturnType<typeof mirrorPending>>> {
  try {
    return await mirrorPending(connection, pending, at);
  } catch (error) {
    log.error('waiting Google change not written', { userId: pending.user_id, eventId: pending.event_id, error });
    await reportError(error);
    await deferPending(pending, new Date(at.getTime() + REFUSED_RETRY_MS), 'unavailable');
    return { action: 'upsert', outcome: 'waiting for Google' };
  }
}

async function reconcile(): Promise<{ mirrored: number; waiting: number }> {
  const startedAt = now();
  const due = await duePending(startedAt, RUN_LIMIT);
  const byPerson = new Map<string, PendingMirror[]>();
  for (const pending of due) byPerson.set(pending.user_id, [...(byPerson.get(pending.user_id) ?? []), pending]);
  let mirrored = 0;
  let waiting = 0;
  for (const [userId, theirs] of byPerson) {
    const connection = await getConnection(userId);
    if (!connection || !hasWriteAccess(connection.scopes)) {
      await Promise.all(theirs.map((pending) => clearPending(userId, pending.event_id, pending.marker)));
      continue;
    }
    for (const [index, pending] of theirs.entries()) {
      const result = await mirroredOrPutOff(connection, pending, startedAt);
      if (result.outcome === 'mirrored') mirrored += 1;
      if (result.outcome === 'waiting for Google') waiting += 1;
      const rest = theirs.slice(index + 1);
      if (result.outcome === 'skipped: not connected') {
        // Access was lost: none of theirs can be written.
        await Promise.all(rest.map((other) => clearPending(userId, other.event_id, other.marker)));
        break;
      }
      const failure = result.failure;
      if (!failure || (failure.kind !== 'unavailable' && failure.kind !== 'rate-limited')) continue;
      // Google is down or limiting this person: the rest of theirs wait as long, without a call each.
      await Promise.all(rest.map((other) => deferPending(other, new Date(startedAt.getTime() + retryDelayMs(failure, other.attempts)), failure.kind)));
      waiting += rest.length;
      break;
    }
  }
  if (due.length > 0) log.info('waiting Google changes reconciled', { due: due.length, mirrored, waiting });
  return { mirrored, waiting };
}
