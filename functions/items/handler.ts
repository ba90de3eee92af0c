import type { ItemChanges, NewItem } from '../../shared/item-kinds.schema';
import type { ItemKind, OrderableKind } from '../../shared/item-kinds';
import { itemId } from '../../shared/item-fields.schema';
import { API_ERRORS } from '../../shared/messages';
import { invalidField, notFound } from '../platform/errors';
import { created, httpHandler, noContent, ok, type HttpRequest, type Operations } from '../platform/http';
import { createChosenItem, deleteOrTrashItem, getLiveItem, listItems, reorderItems, trashSeriesFrom, updateItem } from './service';
import { toPublic } from './stored-item';

type CrudKeys<K extends ItemKind> = `GET /api/${K}` | `POST /api/${K}` | `GET /api/${K}/{id}` | `PATCH /api/${K}/{id}` | `DELETE /api/${K}/{id}`;

/** A path id that is not a UUID names nothing the user has: 404, as for any missing item. */
function pathId(request: HttpRequest<unknown>): string {
  const parsed = itemId.safeParse(request.params.id);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

/** The version an `If-Match: 3` (or `"3"`) names, or undefined without one. */
function expectedVersion(request: HttpRequest<unknown>): number | undefined {
  const header = request.event.headers['if-match'];
  if (header === undefined) return undefined;
  const version = /^(?:([1-9]\d{0,14})|"([1-9]\d{0,14})")$/.exec(header.trim());
  if (!version) throw invalidField('If-Match', API_ERRORS.invalidIfMatch);
  return Number(version[1] ?? version[2]);
}

/** The five routes of a kind; each body arrives parsed by that route's schema (`platform/http.ts`). */
function crud<K extends ItemKind>(kind: K): Pick<Operations<'items'>, CrudKeys<K>> {
  const operations = {
    [`GET /api/${kind}`]: async ({ userId }: HttpRequest<undefined>) => ok({ items: await listItems(userId, kind) }),
    [`POST /api/${kind}`]: async ({ userId, body, now }: HttpRequest<NewItem<K>>) => created(await createChosenItem(userId, kind, body, now)),
    [`GET /api/${kind}/{id}`]: async (request: HttpRequest<undefined>) => ok(toPublic(await getLiveItem(request.userId, kind, pathId(request)))),
    [`PATCH /api/${kind}/{id}`]: async (request: HttpRequest<ItemChanges<K>>) =>
      ok(await updateItem(request.userId, kind, pathId(request), request.body, request.now, expectedVersion(request))),
    [`DELETE /api/${kind}/{id}`]: async (request: HttpRequest<undefined>) => {
      await deleteOrTrashItem(request.userId, kind, pathId(request), request.now);
      return noContent();
    },
  };
  return operations as Pick<Operations<'items'>, CrudKeys<K>>;
}

const reorder =
  (kind: OrderableKind) =>
  async ({ userId, body }: HttpRequest<{ ids: string[] }>) => {
    await reorderItems(userId, kind, body.ids);
    return noContent();
  };

const operations: Operations<'items'> = {
  ...crud('goals'),
  ...crud('tasks'),
  ...crud('events'),
  ...crud('tags'),
  'DELETE /api/events/{id}/occurrences': async (request) => {
    await trashSeriesFrom(request.userId, pathId(request), String(request.query.from), request.now);
    return noContent();
  },
  'PUT /api/goals/order': reorder('goals'),
  'PUT /api/tasks/order': reorder('tasks'),
};

export const handler = httpHandler('items', operations);
