import type { z } from 'zod';
import { EventCreateSchema, EventSchema, EventUpdateSchema } from './calendar-events.schema';
import { GoalCreateSchema, GoalSchema, GoalUpdateSchema } from './goals.schema';
import type { ItemKind } from './items';
import { TagCreateSchema, TagSchema, TagUpdateSchema } from './tags.schema';
import { TaskCreateSchema, TaskSchema, TaskUpdateSchema } from './tasks.schema';

/** For each kind: what a create and an update accept, and the item as stored and returned. */
export const ITEM_SCHEMAS = {
  goals: { create: GoalCreateSchema, update: GoalUpdateSchema, item: GoalSchema },
  tasks: { create: TaskCreateSchema, update: TaskUpdateSchema, item: TaskSchema },
  events: { create: EventCreateSchema, update: EventUpdateSchema, item: EventSchema },
  tags: { create: TagCreateSchema, update: TagUpdateSchema, item: TagSchema },
} as const satisfies Record<ItemKind, object>;

/** Each kind's item as stored and returned, what a create accepts and what an update may change (as sent, before defaults). */
export type Item<K extends ItemKind> = z.output<(typeof ITEM_SCHEMAS)[K]['item']>;
export type ItemInput<K extends ItemKind> = z.input<(typeof ITEM_SCHEMAS)[K]['create']>;
export type ItemPatch<K extends ItemKind> = z.input<(typeof ITEM_SCHEMAS)[K]['update']>;
