import { createHash } from 'node:crypto';
import { z } from 'zod';
import { ITEM_SCHEMAS, type Item } from '../../shared/item-kinds.schema';
import { ENTITY_OF_KIND, type ItemKind } from '../../shared/item-kinds';
import { itemId } from '../../shared/item-fields.schema';
import { kindOfEntity, listedKind, toolAction, TOOL_CALL_MESSAGES } from '../../shared/tool-calls';
import type { ToolCallResult } from '../../shared/tool-calls.schema';
import { createItem, deleteOrTrashItem, getLiveItem, listItems, updateItem } from '../items/service';
import { toPublic } from '../items/stored-item';
import { HttpError, invalidField, notFound } from '../platform/errors';
import { parseWith } from '../platform/http';
import { isCleared } from './agent/tools';
import type { Outcome } from './tool-calls.repository';

/**
 * What a list tool answers at most: enough to talk about, within the agent's context and one stored
 * record (DynamoDB's 400 KB, counted in UTF-8 bytes, with the call's arguments beside the list).
 */
export const LIST_TOOL_LIMITS = { items: 100, bytes: 200_000 } as const;

const utf8Bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');

/**
 * Runs one tool call for `userId` (from the verified token, via the bus event) through the items
 * domain the API uses, with the API's schemas: create = the entity's create fields, update =
 * `{ id, ...fields }`, delete = `{ id }`, list = nothing. A rule the domain enforces (a missing
 * title, a date in the past, another user's id) becomes an error outcome with its message;
 * anything unexpected throws, so the bus tries again.
 */
export async function runTool(userId: string, toolCallId: string, toolName: string, args: Record<string, unknown>, now: Date): Promise<Outcome> {
  const listed = listedKind(toolName);
  if (listed) {
    const items = withinLimits(await listItems(userId, listed), LIST_TOOL_LIMITS.bytes - utf8Bytes(args));
    return { status: 'success', result: { entity: ENTITY_OF_KIND[listed], items } };
  }
  const action = toolAction(toolName);
  const kind = action && kindOfEntity(action.entity);
  if (!action || !kind) return { status: 'error', error_message: TOOL_CALL_MESSAGES.unknownTool(toolName) };
  // The agent may send its own id and the entity it names beside the item's fields: neither is a field.
  const { agent_id: _agent, entity: _entity, ...fields } = args;
  try {
    return await change(userId, toolCallId, kind, action.type, fields, now);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const message = error.status === 404 ? TOOL_CALL_MESSAGES.notFound(ENTITY_OF_KIND[kind]) : error.message;
    return { status: 'error', error_message: message };
  }
}

async function change<K extends ItemKind>(
  userId: string,
  toolCallId: string,
  kind: K,
  type: 'create' | 'update' | 'delete',
  args: Record<string, unknown>,
  now: Date,
): Promise<Outcome> {
  type Schemas = (typeof ITEM_SCHEMAS)[K];
  const schemas: Schemas = ITEM_SCHEMAS[kind];
  const entity = ENTITY_OF_KIND[kind];
  const done = (item: Item<K>, before?: Item<K>): Outcome => ({
    status: 'success',
    result: { entity, action: type, item } satisfies ToolCallResult,
    ...(before ? { before } : {}),
  });
  if (type === 'create') return done(await createItem(userId, kind, validated<Schemas['create']>(schemas.create, args), now, itemIdOfToolCall(toolCallId)));

  const { id, ...fields } = args;
  const itemIdOf = parseId(id);
  if (type === 'delete') {
    validated(NOTHING_ELSE, fields);
    const item = toPublic(await getLiveItem(userId, kind, itemIdOf));
    await deleteOrTrashItem(userId, kind, itemIdOf, now);
    return done(item);
  }
  const patch = validated<Schemas['update']>(schemas.update, fields);
  const before = toPublic(await getLiveItem(userId, kind, itemIdOf));
  return done(await updateItem(userId, kind, itemIdOf, patch, now), before);
}

/**
 * The id of the item a create call makes, the same each time the call runs: a run cut off after
 * the item was saved and before the call was marked finished is run again by the bus, and must
 * find that item rather than make a second. A UUID (version 8) from a hash of the call's id,
 * unique within the user's partition as the call's id is.
 */
export function itemIdOfToolCall(toolCallId: string): string {
  const hex = createHash('sha256').update(`tool-call:${toolCallId}`).digest('hex');
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The first items of a list, in its order, up to the count and `budget` bytes. */
function withinLimits<T>(items: readonly T[], budget: number): T[] {
  let bytes = 0;
  const kept: T[] = [];
  for (const item of items.slice(0, LIST_TOOL_LIMITS.items)) {
    bytes += utf8Bytes(item);
    if (bytes > budget) break;
    kept.push(item);
  }
  return kept;
}

/** A delete takes the id alone. */
const NOTHING_ELSE = z.strictObject({});

/** An id that is not a UUID names nothing the user has: not found, as for any missing item. */
function parseId(id: unknown): string {
  const parsed = itemId.safeParse(id);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

/**
 * The API's parse of the fields; an unknown field is named in the message, so the agent can correct
 * itself. An empty string in a field that may be empty (or empty text fields in such an object)
 * clears it (null), as the tool says: the agent's parameter format has no null.
 */
function validated<S extends z.ZodObject>(schema: S, args: Record<string, unknown>): z.output<S> {
  const unknown = Object.keys(args).find((field) => !Object.hasOwn(schema.shape, field));
  if (unknown) throw invalidField(unknown, TOOL_CALL_MESSAGES.unknownField(unknown));
  const fields = Object.fromEntries(
    Object.entries(args).map(([field, value]) => [field, isCleared(value) && schema.shape[field]!.safeParse(null).success ? null : value]),
  );
  return parseWith(schema, fields);
}
