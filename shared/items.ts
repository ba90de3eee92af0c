import { z } from 'zod';
import { isoDateTime } from './dates';

/** The kinds of item a user keeps. Goals, tasks and events go to the trash; tags are deleted outright. */
export const ITEM_KINDS = ['goals', 'tasks', 'events', 'tags'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

export const TRASHABLE_KINDS = ['goals', 'tasks', 'events'] as const;
export type TrashableKind = (typeof TRASHABLE_KINDS)[number];

export const ORDERABLE_KINDS = ['goals', 'tasks'] as const;
export type OrderableKind = (typeof ORDERABLE_KINDS)[number];

/** The singular entity name used in events and tool calls ('goal', 'task', ...). */
export const ENTITY_OF_KIND = { goals: 'goal', tasks: 'task', events: 'event', tags: 'tag' } as const;
export type Entity = (typeof ENTITY_OF_KIND)[ItemKind];
export const ENTITIES = Object.values(ENTITY_OF_KIND) as Entity[];

export function isTrashable(kind: ItemKind): kind is TrashableKind {
  return (TRASHABLE_KINDS as readonly string[]).includes(kind);
}

export function isOrderable(kind: ItemKind): kind is OrderableKind {
  return (ORDERABLE_KINDS as readonly string[]).includes(kind);
}

export const itemId = z.uuid({ error: 'Not a valid id' });

/** Fields the server sets on every item; clients never send them. */
export const serverFields = {
  id: itemId,
  user_id: z.string(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
};

export const trashFields = { deleted_at: isoDateTime.nullable() };

/** The body of a reorder: every id of the list in its new order, first on top. */
export const ReorderSchema = z.strictObject({
  ids: z.array(itemId).min(1, 'Give the ids in their new order').max(5_000),
});
export type Reorder = z.infer<typeof ReorderSchema>;

/** One entry of the trash listing (GET /api/trash), newest deletion first. */
export const TrashEntrySchema = z.object({
  kind: z.enum(TRASHABLE_KINDS),
  id: z.uuid(),
  title: z.string(),
  deleted_at: z.string(),
  days_remaining: z.number().int().min(0),
});
export type TrashEntry = z.infer<typeof TrashEntrySchema>;
