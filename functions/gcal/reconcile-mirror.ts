import type { ScheduledEvent } from 'aws-lambda';
import { now } from '../platform/clock';
import { withErrorReporting } from '../platform/error-reporting';
import { log } from '../platform/log';
import { mirrorPending, retryDelayMs } from './mirror';
import { clearPending, deferPending, duePending, type PendingMirror } from './pending-mirror.repository';
import { getConnection, hasWriteAccess } from './tokens.repository';

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
      const result = await mirrorPending(connection, pending, startedAt);
      if (result.outcome === 'mirrored') mirrored += 1;
      if (!result.failure) continue;
      // Google failed this person's write: the rest of theirs wait as long, without a call each.
      const rest = theirs.slice(index + 1);
      await Promise.all(
        rest.map((other) => deferPending(other, new Date(startedAt.getTime() + retryDelayMs(result.failure!, other.attempts)), result.failure!.kind)),
      );
      waiting += rest.length + 1;
      break;
    }
  }
  if (due.length > 0) log.info('waiting Google changes reconciled', { due: due.length, mirrored, waiting });
  return { mirrored, waiting };
}
