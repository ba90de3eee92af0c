import type { EventType } from '../../shared/calendar-event-fields';
import { DAY_MS } from '../../shared/dates';
import type { GoalType } from '../../shared/goals';
import { parseNewItem, type ItemInput } from '../../shared/item-kinds.schema';
import type { ItemKind } from '../../shared/item-kinds';
import type { TaskPriority, TaskStatus } from '../../shared/tasks';
import { createItem, deleteOrTrashItem } from '../items/service';

/**
 * Sample goals, tasks, events and tags (and one task in the trash) for a new demo account, made as
 * the API makes them: the create route's schema (which fills the defaults), then the domain code,
 * so every seeded item passes its own schema.
 */
export async function seedDemoData(userId: string, now: Date): Promise<void> {
  const create = <K extends ItemKind>(kind: K, input: ItemInput<K>) => createItem(userId, kind, parseNewItem(kind, input), now);

  const day = (offset: number, hour = 9) => {
    const date = new Date(now.getTime() + offset * DAY_MS);
    date.setUTCHours(hour, 0, 0, 0);
    return date.toISOString();
  };

  // Tags and events side by side (their order is their name's and start's); goals and tasks one
  // by one, as each new one goes on top of the list.
  await Promise.all(
    (
      [
        ['health', '#10B981'],
        ['work', '#3B82F6'],
        ['learning', '#8B5CF6'],
        ['home', '#F59E0B'],
      ] as const
    ).map(([name, color]) => create('tags', { name, color })),
  );

  const goal = (title: string, description: string, type: GoalType, days: number, tags: string[]) =>
    create('goals', { title, description, type, status: 'active', target_date: day(days), tags });
  const marathon = await goal('Run a half marathon', 'Build up to 21 km by spring.', 'long_term', 120, ['health']);
  const spanish = await goal('Learn conversational Spanish', 'Hold a 10-minute conversation.', 'long_term', 90, ['learning']);
  const launch = await goal('Ship the Q4 report', 'Numbers, charts and the summary.', 'short_term', 6, ['work']);

  const task = (title: string, goalId: string | null, priority: TaskPriority, days: number | null, status: TaskStatus = 'pending', tags: string[] = []) =>
    create('tasks', { title, description: '', priority, status, due_date: days === null ? null : day(days, 17), goal_id: goalId, tags });
  await task('Buy running shoes', marathon.id, 'medium', 2, 'completed', ['health']);
  await task('Run 5 km three times this week', marathon.id, 'high', 5, 'in_progress', ['health']);
  await task('Finish Spanish lesson 4', spanish.id, 'medium', 1, 'pending', ['learning']);
  await task('Draft the report outline', launch.id, 'high', 1, 'pending', ['work']);
  await task('Collect numbers from finance', launch.id, 'high', 3, 'pending', ['work']);
  await task('Fix the kitchen tap', null, 'low', null, 'pending', ['home']);
  // One in the trash, so the Trash page has something to restore.
  const called = await task('Call the plumber', null, 'low', null, 'pending', ['home']);
  await deleteOrTrashItem(userId, 'tasks', called.id, now);

  const event = (title: string, days: number, hour: number, hours: number, event_type: EventType, tags: string[]) =>
    create('events', { title, start_time: day(days, hour), end_time: day(days, hour + hours), event_type, tags, location: '' });
  await Promise.all([
    event('Team stand-up', 0, 9, 1, 'meeting', ['work']),
    event('Spanish class', 1, 18, 1, 'personal', ['learning']),
    event('Long run', 2, 7, 2, 'personal', ['health']),
    event('Report deadline', 6, 16, 1, 'deadline', ['work']),
  ]);
}
