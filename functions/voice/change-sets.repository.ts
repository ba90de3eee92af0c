import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CHANGE_SET_KEPT_DAYS, CHANGE_SET_LIMITS, type ChangeLineStatus } from '../../shared/change-sets';
import { ChangeLineSchema, type ChangeLine, type ChangeSet } from '../../shared/change-sets.schema';
import type { Item } from '../../shared/item-kinds.schema';
import type { ToolCall } from '../../shared/tool-calls.schema';
import type { ItemKind } from '../../shared/item-kinds';
import { changeLineKey, changeSetKey, changeSetListKey, CHANGE_SET_PREFIX, userKey } from '../data/keys';
import { conditionally, db, queryItems, tableName, unlessConditionFails } from '../platform/dynamo';

/**
 * Change sets under the user's partition: the set (SK CHANGESET#<id>) with its counters, and its
 * lines right after it (CHANGESET#<id>#LINE#<order>), each with the item before and after its
 * change for Undo, which are never answered. Both expire with the trash's 10 days.
 */

/** A line as stored: the public line, the kind, its place in the set, and the item on either side of the change. */
export interface StoredLine extends ChangeLine {
  kind: ItemKind;
  order: string;
  before: Item | null;
  after: Item | null;
}

interface SetHeader {
  id: string;
  conversation_id: string;
  turn: number;
  created_at: string;
  updated_at: string;
  /** Items moved to the trash (or tags deleted) so far, applied or held. */
  deletes: number;
  /** Whether this turn's moves to the trash wait for the person (a plan's waiting blocks do not count). */
  deletes_held: boolean;
  lines_reserved: number;
  awaiting_confirmation: boolean;
  /** While an answer is being written: until when it holds the set (a crashed answer lets go of it then). */
  answering_until?: string;
  /** The name of the token an outside assistant made the set with (MCP). */
  made_by?: string;
}

const expiresAt = (createdAt: string) => Math.floor(Date.parse(createdAt) / 1000) + CHANGE_SET_KEPT_DAYS * 86_400;

/**
 * A line's place: its call's place in the conversation (the agent's order, which the calls' arrival
 * need not keep), its log time and id, then its index in the call (batch calls have several).
 */
export const lineOrder = (call: Pick<ToolCall, 'sequence' | 'created_at' | 'id'>, index: number) =>
  `${String(call.sequence ?? 0).padStart(9, '0')}#${call.created_at}#${call.id}#${String(index).padStart(3, '0')}`;

/** A plan's tasks (or a reschedule's events) that found no room, kept on its set. */
export type Unplaced = NonNullable<ChangeSet['unplaced']>;

/**
 * Takes room for `count` more lines in the turn's change set, making the set if it is not there yet
 * (calls of one turn find the same one), in one write; answers the room taken before, or false when
 * the set would pass its limit. A plan's lines (`proposal`) also mark the set waiting for the
 * person, with what found no room.
 */
export async function reserveLines(
  userId: string,
  set: { id: string; conversation_id: string; turn: number },
  count: number,
  now: Date,
  proposal?: { unplaced: Unplaced },
): Promise<{ reservedBefore: number } | false> {
  const at = now.toISOString();
  // A plan that placed nothing has only its unplaced tasks to show: nothing waits.
  const waiting = `${proposal && count > 0 ? 'awaiting_confirmation = :yes' : 'awaiting_confirmation = if_not_exists(awaiting_confirmation, :no)'}${proposal ? ', unplaced = :unplaced' : ''}`;
  const reserved = await unlessConditionFails(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: changeSetKey(userId, set.id),
        UpdateExpression:
          'SET id = :id, conversation_id = :conversation, turn = :turn, created_at = if_not_exists(created_at, :at), updated_at = :at, ' +
          `LPK = :list, LSK = if_not_exists(LSK, :sort), deletes = if_not_exists(deletes, :zero), ${waiting}, ` +
          '#ttl = if_not_exists(#ttl, :ttl) ADD lines_reserved :count',
        ConditionExpression: 'attribute_not_exists(lines_reserved) OR lines_reserved <= :room',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':id': set.id,
          ':conversation': set.conversation_id,
          ':turn': set.turn,
          ':at': at,
          ':list': changeSetListKey(userId),
          ':sort': `${at}#${set.id}`,
          ':zero': 0,
          ':ttl': expiresAt(at),
          ':count': count,
          ':room': CHANGE_SET_LIMITS.linesPerSet - count,
          ...(proposal && count > 0 ? { ':yes': true } : { ':no': false }),
          ...(proposal ? { ':unplaced': proposal.unplaced } : {}),
        },
        ReturnValues: 'UPDATED_OLD',
      }),
    ),
  );
  return reserved ? { reservedBefore: Number(reserved.Attributes?.lines_reserved ?? 0) } : false;
}

type DeleteCounters = Pick<SetHeader, 'deletes' | 'deletes_held'>;

/** Counts `count` more deletes, holding the turn's deletes (and marking the set waiting) when `hold`; answers the set's counters after. */
export async function countDeletes(userId: string, changeSetId: string, count: number, hold: boolean): Promise<DeleteCounters> {
  const { Attributes } = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: changeSetKey(userId, changeSetId),
      UpdateExpression: hold ? 'ADD deletes :count SET awaiting_confirmation = :yes, deletes_held = :yes' : 'ADD deletes :count',
      ExpressionAttributeValues: { ':count': count, ...(hold ? { ':yes': true } : {}) },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return { deletes: Number(Attributes?.deletes ?? count), deletes_held: Attributes?.deletes_held === true };
}

export async function getSetCounters(userId: string, changeSetId: string): Promise<DeleteCounters | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: changeSetKey(userId, changeSetId), ConsistentRead: true }));
  return Item ? { deletes: Number(Item.deletes ?? 0), deletes_held: Item.deletes_held === true } : undefined;
}

/**
 * Claims the set's answer until `until`: false when it waits for nothing or another answer holds it
 * (a second answer, at the same time or later, finds it taken). A claim left by an answer that
 * crashed lapses at its `until`, so the set can be answered again.
 */
export async function claimAnswer(userId: string, changeSetId: string, now: Date, until: Date): Promise<boolean> {
  return conditionally(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: changeSetKey(userId, changeSetId),
        UpdateExpression: 'SET answering_until = :until',
        ConditionExpression: 'awaiting_confirmation = :yes AND (attribute_not_exists(answering_until) OR answering_until < :now)',
        ExpressionAttributeValues: { ':yes': true, ':now': now.toISOString(), ':until': until.toISOString() },
      }),
    ),
  );
}

/** Ends an answer's claim: the set waits for the person as long as `waiting` (some of its lines still wait). */
export async function endAnswer(userId: string, changeSetId: string, waiting: boolean, now: Date): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: changeSetKey(userId, changeSetId),
      UpdateExpression: 'SET awaiting_confirmation = :waiting, updated_at = :at REMOVE answering_until',
      ExpressionAttributeValues: { ':waiting': waiting, ':at': now.toISOString() },
    }),
  );
}

/** Marks a set that waits for no held delete as no longer waiting (a re-plan that placed nothing replaced the only plan). */
export async function stopWaitingUnlessDeletesHeld(userId: string, changeSetId: string, now: Date): Promise<void> {
  await unlessConditionFails(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: changeSetKey(userId, changeSetId),
        UpdateExpression: 'SET awaiting_confirmation = :no, updated_at = :at',
        ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(deletes_held) OR deletes_held = :no)',
        ExpressionAttributeValues: { ':no': false, ':at': now.toISOString() },
      }),
    ),
  );
}

/** Saves a call's lines (a call run again writes the same ones). */
export async function putLines(userId: string, changeSetId: string, lines: readonly StoredLine[], createdAt: string): Promise<void> {
  await Promise.all(
    lines.map((line) =>
      db().send(new PutCommand({ TableName: tableName(), Item: { ...line, ...changeLineKey(userId, changeSetId, line.order), ttl: expiresAt(createdAt) } })),
    ),
  );
}

/** Names the outside assistant (its token's name) that made the set, once the set exists (a tool that made none leaves nothing). */
export async function recordMadeBy(userId: string, changeSetId: string, madeBy: string): Promise<void> {
  await unlessConditionFails(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: changeSetKey(userId, changeSetId),
        UpdateExpression: 'SET made_by = :made_by',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':made_by': madeBy },
      }),
    ),
  );
}

/**
 * Moves a line from one of `from` to `status`, with what changed beside it; false when the line
 * was not in one of them (another request moved it first).
 */
export async function moveLine(
  userId: string,
  changeSetId: string,
  line: StoredLine,
  from: readonly ChangeLineStatus[],
  to: Pick<StoredLine, 'status' | 'reason' | 'updated_at'> & { after?: Item | null },
): Promise<boolean> {
  const values: Record<string, unknown> = { ':status': to.status, ':reason': to.reason, ':at': to.updated_at };
  from.forEach((status, index) => (values[`:from${index}`] = status));
  const setAfter = to.after === undefined ? '' : ', #after = :after';
  if (to.after !== undefined) values[':after'] = to.after;
  return conditionally(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: changeLineKey(userId, changeSetId, line.order),
        UpdateExpression: `SET #status = :status, reason = :reason, updated_at = :at${setAfter}`,
        ConditionExpression: `#status IN (${from.map((_, index) => `:from${index}`).join(', ')})`,
        ExpressionAttributeNames: { '#status': 'status', ...(to.after === undefined ? {} : { '#after': 'after' }) },
        ExpressionAttributeValues: values,
      }),
    ),
  );
}

/** A whole change set (at most its limit of lines) in one Query: the set first, then its lines in order. */
export async function readChangeSet(userId: string, changeSetId: string): Promise<{ set: ChangeSet; lines: StoredLine[] } | undefined> {
  const Items: Record<string, unknown>[] = [];
  // Lines carry the items on either side of their change: a set's 101 records may pass a Query's 1 MB page.
  for await (const item of queryItems({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :set)',
    ExpressionAttributeValues: { ':pk': userKey(userId), ':set': `${CHANGE_SET_PREFIX}${changeSetId}` },
    ConsistentRead: true,
    Limit: CHANGE_SET_LIMITS.linesPerSet + 1,
  })) {
    Items.push(item);
    if (Items.length > CHANGE_SET_LIMITS.linesPerSet) break;
  }
  const [header, ...records] = Items;
  if (!header || header.SK !== `${CHANGE_SET_PREFIX}${changeSetId}`) return undefined;
  const lines = records.map(toStoredLine);
  return { set: toChangeSet(header, lines), lines };
}

/** The ids of the user's change sets made since `since`, newest first, at most `limit`. */
export async function listChangeSetIds(userId: string, since: string, limit: number = CHANGE_SET_LIMITS.listedPerDay): Promise<string[]> {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'byList',
      KeyConditionExpression: 'LPK = :list AND LSK >= :since',
      ExpressionAttributeValues: { ':list': changeSetListKey(userId), ':since': since },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return Items.map((item) => String(item.id));
}

function toStoredLine(record: Record<string, unknown>): StoredLine {
  return {
    ...ChangeLineSchema.parse(record),
    kind: record.kind as ItemKind,
    order: String(record.order),
    before: (record.before as Item | null) ?? null,
    after: (record.after as Item | null) ?? null,
  };
}

function toChangeSet(header: Record<string, unknown>, lines: readonly StoredLine[]): ChangeSet {
  return {
    id: String(header.id),
    conversation_id: String(header.conversation_id),
    turn: Number(header.turn),
    made_by: typeof header.made_by === 'string' ? header.made_by : null,
    awaiting_confirmation: header.awaiting_confirmation === true,
    lines: lines.map((line) => ChangeLineSchema.parse(line)),
    ...(Array.isArray(header.unplaced) ? { unplaced: header.unplaced as Unplaced } : {}),
    created_at: String(header.created_at),
    updated_at: String(header.updated_at),
  };
}
