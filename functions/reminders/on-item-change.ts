import type { DetailOf } from '../../events/catalogue';
import { busConsumer } from '../platform/consumer';
import { fireReminder } from './fire';
import { scheduleNextReminder } from './reconcile';

const REMINDED = { event: 'events', task: 'tasks' } as const;

type ItemChangeType = 'item.created' | 'item.updated' | 'item.deleted' | 'item.restored' | 'item.purged';

/**
 * Bus consumer of changes to events and tasks: keeps each one's next reminder scheduled. It plans
 * from the item as it is now, not from the bus event's copy, so a late or repeated delivery puts
 * nothing old in place of new (and needs no idempotency record): a change of time, series,
 * reminders or status moves the schedule, and a delete (to the trash or for good) or a completed
 * task removes it. A change to a task without a due date, before or after, has no reminder to move:
 * whatever gave or took its due date was a change of its own.
 */
export const handler = busConsumer<ItemChangeType>('reminders/on-item-change', scheduleAfterChange, { repeatsAreHarmless: true });

async function scheduleAfterChange(detail: DetailOf<ItemChangeType>): Promise<void> {
  if (detail.entity !== 'event' && detail.entity !== 'task') return;
  if (detail.entity === 'task' && !detail.item?.due_date && !detail.previous?.due_date) return;
  // From the change's own time: a change seen late (a busy consumer, a retry) still gets the reminder that came due meanwhile.
  const due = await scheduleNextReminder({ userId: detail.userId, kind: REMINDED[detail.entity], id: detail.id }, detail.occurredAt);
  if (due) await fireReminder(due);
}
