import { EventCreateSchema, EventSchema, EventUpdateSchema } from './calendar-events';
import { GoalCreateSchema, GoalSchema, GoalUpdateSchema } from './goals';
import type { ItemKind } from './items';
import { TagCreateSchema, TagSchema, TagUpdateSchema } from './tags';
import { TaskCreateSchema, TaskSchema, TaskUpdateSchema } from './tasks';

/** For each kind: what a create and an update accept, and the item as stored and returned. */
export const ITEM_SCHEMAS = {
  goals: { create: GoalCreateSchema, update: GoalUpdateSchema, item: GoalSchema },
  tasks: { create: TaskCreateSchema, update: TaskUpdateSchema, item: TaskSchema },
  events: { create: EventCreateSchema, update: EventUpdateSchema, item: EventSchema },
  tags: { create: TagCreateSchema, update: TagUpdateSchema, item: TagSchema },
} as const satisfies Record<ItemKind, object>;
