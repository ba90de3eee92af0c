import type { ItemKind, OrderableKind } from '../../shared/items';
import { itemId } from '../../shared/items.schema';
import { notFound } from '../platform/errors';
import { created, httpHandler, noContent, ok, type HttpRequest, type Operations, type Reply } from '../platform/http';
import { createItem, deleteOrTrashItem, getLiveItem, listItems, reorderItems, toPublic, updateItem } from './service';

type Operation = (request: HttpRequest<unknown>) => Promise<Reply>;
type CrudKeys<K extends ItemKind> = `GET /api/${K}` | `POST /api/${K}` | `GET /api/${K}/{id}` | `PATCH /api/${K}/{id}` | `DELETE /api/${K}/{id}`;

/** A path id that is not a UUID names nothing the user has: 404, as for any missing item. */
function pathId(request: HttpRequest<unknown>): string {
  const parsed = itemId.safeParse(request.params.id);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

function crud<K extends ItemKind>(kind: K): Record<CrudKeys<K>, Operation> {
  const operations: Record<string, Operation> = {
    [`GET /api/${kind}`]: async ({ userId }) => ok({ items: await listItems(userId, kind) }),
    [`POST /api/${kind}`]: async ({ userId, body, now }) => created(await createItem(userId, kind, body as Record<string, unknown>, now)),
    [`GET /api/${kind}/{id}`]: async (request) => ok(toPublic(await getLiveItem(request.userId, kind, pathId(request)))),
    [`PATCH /api/${kind}/{id}`]: async (request) =>
      ok(await updateItem(request.userId, kind, pathId(request), request.body as Record<string, unknown>, request.now)),
    [`DELETE /api/${kind}/{id}`]: async (request) => {
      await deleteOrTrashItem(request.userId, kind, pathId(request), request.now);
      return noContent();
    },
  };
  return operations as Record<CrudKeys<K>, Operation>;
}

const reorder =
  (kind: OrderableKind): Operation =>
  async ({ userId, body, now }) => {
    await reorderItems(userId, kind, (body as { ids: string[] }).ids, now);
    return noContent();
  };

const operations: Operations<'items'> = {
  ...crud('goals'),
  ...crud('tasks'),
  ...crud('events'),
  ...crud('tags'),
  'PUT /api/goals/order': reorder('goals'),
  'PUT /api/tasks/order': reorder('tasks'),
};

export const handler = httpHandler('items', operations);
