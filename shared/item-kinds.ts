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
