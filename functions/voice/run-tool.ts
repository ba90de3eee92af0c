import { z } from 'zod';
import { toolMeaning, type ToolMeaning } from '../../shared/assistant-tools';
import { CHANGE_SET_MESSAGES, type BatchAction, type BatchToolKind } from '../../shared/change-sets';
import { batchParameters, type ChangeLine } from '../../shared/change-sets.schema';
import { editableFieldNames, ITEM_SCHEMAS, type Item, type ItemChanges, type NewItem } from '../../shared/item-kinds.schema';
import { ENTITY_OF_KIND, isTrashable, type ItemKind } from '../../shared/item-kinds';
import { itemId } from '../../shared/item-fields.schema';
import { VOICE_MESSAGES } from '../../shared/messages';
import type { Settings } from '../../shared/settings.schema';
import { itemIdOfToolCall, TOOL_CALL_MESSAGES, type AgentActionType } from '../../shared/tool-calls';
import type { ToolCallResult } from '../../shared/tool-calls.schema';
import { createItem, deleteOrTrashItem, getLiveItem, listItems, trashedVersion, updateItem } from '../items/service';
import { toPublic } from '../items/stored-item';
import { runPlanningTool } from '../planning/tools';
import { HttpError, invalidField, notFound } from '../platform/errors';
import { parseWith } from '../platform/http';
import { getSettings } from '../settings/account-settings';
import { isCleared } from './agent/tools';
import { mustConfirmDeletes } from './change-sets';
import { lineOrder, reserveLines, type StoredLine } from './change-sets.repository';
import { dateOf, saidOf } from './said';
import type { Outcome } from './tool-calls.repository';

/**
 * What a list tool answers at most: enough to talk about, within the agent's context and one stored
 * record (DynamoDB's 400 KB, counted in UTF-8 bytes, with the call's arguments beside the list).
 */
export const LIST_TOOL_LIMITS = { items: 100, bytes: 200_000 } as const;

const utf8Bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');

/** The call as the processor holds it: enough to run it and place its lines in its change set. */
export interface RunnableCall {
  id: string;
  conversation_id: string;
  turn: number;
  tool_name: string;
  tool_args: Record<string, unknown>;
  change_set_id: string;
  sequence: number | null;
  created_at: string;
}

/**
 * Runs one tool call for `userId` (from the verified token, via the bus event), by what the
 * registry (shared/assistant-tools.ts) says its tool means. The item tools go through the items
 * domain the API uses, with the API's schemas: create = the entity's create fields, update =
 * `{ id, ...fields }`, delete = `{ id }`, list = nothing; a batch (createTasks, deleteEvents) takes
 * up to 20 items or ids. Each item changed (or refused) is one line of the turn's change set. The
 * schedule, plan and answer tools are the planning feature's (functions/planning/tools.ts). A rule
 * the domain enforces (a missing title, a date in the past, another user's id) becomes an error
 * outcome with its message; anything unexpected throws, so the bus tries again.
 */
export async function runTool(userId: string, call: RunnableCall, now: Date): Promise<Outcome> {
  const meaning = toolMeaning(call.tool_name);
  if (!meaning) return { status: 'error', error_message: TOOL_CALL_MESSAGES.unknownTool(call.tool_name), lines: [] };
  switch (meaning.does) {
    case 'list': {
      const items = withinLimits(await listItems(userId, meaning.kind), LIST_TOOL_LIMITS.bytes - utf8Bytes(call.tool_args));
      return { status: 'success', result: { entity: ENTITY_OF_KIND[meaning.kind], items }, lines: [] };
    }
    case 'change':
      return changeItems(userId, call, meaning, now);
    default:
      return runPlanningTool(userId, call, meaning, now);
  }
}

/** One item's create, update or delete, or a batch's: each item one line of the turn's change set. */
async function changeItems(userId: string, call: RunnableCall, meaning: Extract<ToolMeaning, { does: 'change' }>, now: Date): Promise<Outcome> {
  const { action, kind, batch } = meaning;
  // The agent may send its own id and the entity it names beside the item's fields: neither is a field.
  const { agent_id: _agent, entity: _entity, ...fields } = call.tool_args;
  const steps = meaning.batch ? batchSteps(call, meaning.action, meaning.kind, fields) : [{ index: 0, fields, itemId: itemIdOfToolCall(call.id) }];
  if (typeof steps === 'string') return { status: 'error', error_message: steps, lines: [] };
  const set = { id: call.change_set_id, conversation_id: call.conversation_id, turn: call.turn };
  if (!(await reserveLines(userId, set, steps.length, now))) return { status: 'error', error_message: VOICE_MESSAGES.tooManyChanges, lines: [] };

  const made = new Lines(call, kind, action, now);
  if (action === 'delete') await trashAll(userId, kind, steps, made, call.change_set_id, now);
  else for (const step of steps) await made.attempt(step, () => change(userId, kind, action, step, now));
  return made.outcome(batch, async () => (await getSettings(userId)).settings);
}

interface Step {
  index: number;
  fields: Record<string, unknown>;
  /** The id a create gives its item: the same each time the call runs. */
  itemId: string;
}

/** A batch's items, or why the call cannot be one. */
function batchSteps(call: RunnableCall, type: BatchAction, kind: BatchToolKind, args: Record<string, unknown>): Step[] | string {
  const parsed = batchParameters(type, kind, type === 'create' ? z.record(z.string(), z.unknown()) : z.unknown()).safeParse(args);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? TOOL_CALL_MESSAGES.unknownField(Object.keys(args)[0] ?? '');
  const entries: unknown[] =
    type === 'create' ? (parsed.data as Record<string, unknown[]>)[kind]! : (parsed.data as { ids: string[] }).ids.map((id) => ({ id }));
  return entries.map((fields, index) => ({ index, fields: fields as Record<string, unknown>, itemId: itemIdOfToolCall(call.id, index) }));
}

async function change(userId: string, kind: ItemKind, type: 'create' | 'update', step: Step, now: Date): Promise<Change> {
  const schemas = ITEM_SCHEMAS[kind];
  if (type === 'create') {
    const item = await createItem(userId, kind, validated(schemas.createFields, step.fields) as NewItem<typeof kind>, now, step.itemId);
    return { before: null, after: item };
  }
  const { id, ...fields } = step.fields;
  const itemIdOf = parseId(id);
  const patch = validated(schemas.update, fields) as ItemChanges<typeof kind>;
  const before = toPublic(await getLiveItem(userId, kind, itemIdOf));
  return { before, after: await updateItem(userId, kind, itemIdOf, patch, now) };
}

/**
 * Moves the items to the trash (a tag: deletes it), unless the turn must ask first: then each waits
 * as a held line until the person confirms on screen (change-sets.ts). The items are read first, so
 * a missing one is a failed line and takes no part in the count.
 */
async function trashAll(userId: string, kind: ItemKind, steps: readonly Step[], made: Lines, changeSetId: string, now: Date): Promise<void> {
  const found: Array<{ step: Step; item: Item }> = [];
  for (const step of steps) {
    const { id, ...rest } = step.fields;
    await made.attempt(step, async () => {
      validated(NOTHING_ELSE, rest);
      found.push({ step, item: toPublic(await getLiveItem(userId, kind, parseId(id))) });
      return null;
    });
  }
  if (found.length === 0) return;
  const hold = await mustConfirmDeletes(userId, changeSetId, found.length, !isTrashable(kind));
  for (const { step, item } of found) {
    if (hold) {
      made.held(step, item);
      continue;
    }
    await made.attempt(step, async () => {
      await deleteOrTrashItem(userId, kind, item.id, now);
      return { before: item, after: trashedVersion(item, now) };
    });
  }
}

/**
 * The lines one call makes, in its items' order, and what the agent is told of them: what was done
 * (with the dates read back), what waits for the person, and what failed and why.
 */
class Lines {
  private readonly lines: StoredLine[] = [];
  constructor(
    private readonly call: RunnableCall,
    private readonly kind: ItemKind,
    private readonly action: AgentActionType,
    private readonly now: Date,
  ) {}

  /** Runs one item's change; a rule it breaks is its failed line, anything else throws. A null change made no line yet. */
  async attempt(step: Step, run: () => Promise<Change | null>): Promise<void> {
    try {
      const done = await run();
      if (done) this.add(step, 'applied', done.before, done.after, null);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      const message = error.status === 404 ? TOOL_CALL_MESSAGES.notFound(ENTITY_OF_KIND[this.kind]) : error.message;
      this.add(step, 'failed', null, null, message);
    }
  }

  held(step: Step, item: Item): void {
    this.add(step, 'held', item, null, null);
  }

  private add(step: Step, status: StoredLine['status'], before: Item | null, after: Item | null, reason: string | null): void {
    const shown = after ?? before;
    const named = shown ?? step.fields;
    this.lines.push({
      tool_call_id: this.call.id,
      index: step.index,
      order: lineOrder(this.call, step.index),
      kind: this.kind,
      entity: ENTITY_OF_KIND[this.kind],
      action: this.action,
      item_id: shown ? String(shown.id) : typeof step.fields.id === 'string' ? step.fields.id : null,
      title: titleOf(named),
      status,
      reason,
      fields: before && after && this.action === 'update' ? changedFields(this.kind, before, after) : [],
      said: null,
      before,
      after,
      updated_at: this.now.toISOString(),
    });
  }

  /** What the call answers; the person's settings (their zone and language) are read only when a line has a date to say. */
  async outcome(batch: boolean, person: () => Promise<Settings>): Promise<Outcome> {
    const dated = this.lines.filter((line) => line.status !== 'failed' && dateOf(line.after ?? line.before) !== null);
    const settings = dated.length > 0 ? await person() : null;
    for (const line of dated) line.said = saidOf(line.after ?? line.before, settings!);
    const entity = ENTITY_OF_KIND[this.kind];
    const done = this.lines.filter((line) => line.status !== 'failed');
    const failed = this.lines.filter((line) => line.status === 'failed');
    const held = this.lines.some((line) => line.status === 'held');
    const said = done.flatMap((line) => (line.said ? [`${line.title}: ${line.said}`] : []));
    // A batch names the item each failure is about; a single call's failure is its reason alone.
    const failures = failed.map((line) => (batch && line.title ? `${line.title}: ${line.reason}` : line.reason!));
    if (done.length === 0) return { status: 'error', error_message: failures.join('; '), lines: this.lines };
    const told = {
      ...(held ? { awaiting_confirmation: true, message: CHANGE_SET_MESSAGES.awaitingConfirmation } : {}),
      ...(said.length ? { said } : {}),
    };
    const items = done.map((line) => (line.after ?? line.before)!);
    const result: ToolCallResult = batch
      ? { entity, action: this.action, items, ...told, ...(failures.length ? { message: [told.message, ...failures].filter(Boolean).join(' ') } : {}) }
      : { entity, action: this.action, item: items[0]!, ...told };
    return { status: 'success', result, lines: this.lines };
  }
}

interface Change {
  before: Item | null;
  after: Item;
}

const titleOf = (item: Record<string, unknown>): string => String(item.title ?? item.name ?? '');

/** The fields a person can edit whose values an update changed, before and after. */
function changedFields(kind: ItemKind, before: Item, after: Item): ChangeLine['fields'] {
  const editable = editableFieldNames(kind);
  const value = (item: Item, field: string) => (item as Record<string, unknown>)[field] ?? null;
  return editable
    .filter((field) => JSON.stringify(value(before, field)) !== JSON.stringify(value(after, field)))
    .map((field) => ({ field, before: value(before, field), after: value(after, field) }));
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
