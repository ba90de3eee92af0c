import type { z } from 'zod';
import { EventCreateFieldsSchema, EventCreateSchema, EventSchema, EventUpdateSchema } from './calendar-events.schema';
import { GoalCreateFieldsSchema, GoalCreateSchema, GoalSchema, GoalUpdateSchema } from './goals.schema';
import type { ItemKind } from './item-kinds';
import { TagCreateFieldsSchema, TagCreateSchema, TagSchema, TagUpdateSchema } from './tags.schema';
import { TaskCreateFieldsSchema, TaskCreateSchema, TaskSchema, TaskUpdateSchema } from './tasks.schema';

/**
 * For each kind: what a create and an update accept, and the item as stored and returned. A create
 * may name the new item's id; `createFields` is a create without it, what the assistant's tools take
 * (their processor makes the ids).
 */
export const ITEM_SCHEMAS = {
  goals: { create: GoalCreateSchema, createFields: GoalCreateFieldsSchema, update: GoalUpdateSchema, item: GoalSchema },
  tasks: { create: TaskCreateSchema, createFields: TaskCreateFieldsSchema, update: TaskUpdateSchema, item: TaskSchema },
  events: { create: EventCreateSchema, createFields: EventCreateFieldsSchema, update: EventUpdateSchema, item: EventSchema },
  tags: { create: TagCreateSchema, createFields: TagCreateFieldsSchema, update: TagUpdateSchema, item: TagSchema },
} as const satisfies Record<ItemKind, object>;

/** The fields a person can edit on an item of the kind: what an update takes. */
export const editableFieldNames = (kind: ItemKind): string[] => Object.keys(ITEM_SCHEMAS[kind].update.shape);

/** Each kind's item as stored and returned (`Item<ItemKind>` is any one of them). */
export type Item<K extends ItemKind = ItemKind> = z.output<(typeof ITEM_SCHEMAS)[K]['item']>;
/** What a create accepts and what an update may change, as a client sends them (before defaults). */
export type ItemInput<K extends ItemKind> = z.input<(typeof ITEM_SCHEMAS)[K]['create']>;
export type ItemPatch<K extends ItemKind> = z.input<(typeof ITEM_SCHEMAS)[K]['update']>;
/** The same once the server parsed them: a create with its defaults filled in, an update's fields. */
export type NewItem<K extends ItemKind> = z.output<(typeof ITEM_SCHEMAS)[K]['create']>;
export type ItemChanges<K extends ItemKind> = z.output<(typeof ITEM_SCHEMAS)[K]['update']>;

/** A create's fields as the API parses them, defaults filled in, for code that creates items without a request (the demo's samples). */
export function parseNewItem<K extends ItemKind>(kind: K, input: ItemInput<K>): NewItem<K> {
  return ITEM_SCHEMAS[kind].create.parse(input) as NewItem<K>;
}
