import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TOOL_CALL_FETCH_LIMIT } from '../../shared/constants';
import { ToolCallIdSchema, ToolCallSchema, type ToolCall, type ToolCallResult } from '../../shared/tool-calls.schema';
import { TOOL_CALL_LEASE, toolCallKey, toolCallListKey } from '../data/keys';
import type { StoredLine } from './change-sets.repository';
import { conditionally, db, tableName, unlessConditionFails } from '../platform/dynamo';

/**
 * agent_tool_calls under the user's partition (SK TOOLCALL#<tool_call_id>), listed newest first
 * through the byList index. A processor's lease (TOOL_CALL_LEASE) is kept beside the public fields
 * and never answered.
 */

/** How the processor finished a call: a result, or the message the agent hears; and its lines in the turn's change set. */
export type Outcome = ({ status: 'success'; result: ToolCallResult } | { status: 'error'; error_message: string }) & { lines: StoredLine[] };

/** How long a processor holds a call before another delivery may take it over (the consumer's timeout). */
const CLAIM_MS = 30_000;

/** The public form: parsing leaves the keys and the lease out. */
const fromRecord = (record: Record<string, unknown>): ToolCall => ToolCallSchema.parse({ undone_at: null, ...record });

/** Logs a new call; false when this tool_call_id is logged already (the same call sent twice). */
export async function insertToolCall(call: ToolCall): Promise<boolean> {
  const { undone_at: _notYet, ...fields } = call;
  return conditionally(
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...fields,
          ...toolCallKey(call.user_id, call.id),
          LPK: toolCallListKey(call.user_id),
          LSK: `${call.created_at}#${call.id}`,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    ),
  );
}

export async function getToolCall(userId: string, id: string): Promise<ToolCall | undefined> {
  // An id no call can have (empty, or longer than any logged) names nothing; it must not reach the key.
  if (!ToolCallIdSchema.safeParse(id).success) return undefined;
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: toolCallKey(userId, id), ConsistentRead: true }));
  return Item ? fromRecord(Item) : undefined;
}

/** The latest calls, newest first (by created_at descending, at most 50). */
export async function listToolCalls(userId: string): Promise<ToolCall[]> {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'byList',
      KeyConditionExpression: 'LPK = :list',
      ExpressionAttributeValues: { ':list': toolCallListKey(userId) },
      ScanIndexForward: false,
      Limit: TOOL_CALL_FETCH_LIMIT,
    }),
  );
  return (Items ?? []).map(fromRecord);
}

export type Claim = { state: 'claimed'; call: ToolCall } | { state: 'finished' } | { state: 'busy' };

/**
 * Takes a pending call for one processing: a lease that a second delivery of the same event cannot
 * take while it runs. A call that is no longer pending (or unknown) is finished: nothing to do.
 */
export async function claimPending(userId: string, id: string, now: Date): Promise<Claim> {
  const claimed = await unlessConditionFails(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: toolCallKey(userId, id),
        UpdateExpression: 'SET #lease = :until',
        ConditionExpression: '#status = :pending AND (attribute_not_exists(#lease) OR #lease < :now)',
        ExpressionAttributeNames: { '#status': 'status', '#lease': TOOL_CALL_LEASE },
        ExpressionAttributeValues: {
          ':pending': 'pending',
          ':now': now.toISOString(),
          ':until': new Date(now.getTime() + CLAIM_MS).toISOString(),
        },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  if (claimed) return { state: 'claimed', call: fromRecord(claimed.Attributes!) };
  const current = await getToolCall(userId, id);
  return current?.status === 'pending' ? { state: 'busy' } : { state: 'finished' };
}

/** Records how a pending call ended; undefined when it was not pending any more (finished already). */
export async function finishToolCall(userId: string, id: string, outcome: Outcome, now: Date): Promise<ToolCall | undefined> {
  const values = outcome.status === 'success' ? { ':result': outcome.result, ':error': null } : { ':result': null, ':error': outcome.error_message };
  const finished = await unlessConditionFails(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: toolCallKey(userId, id),
        UpdateExpression: 'SET #status = :status, #result = :result, error_message = :error, updated_at = :now REMOVE #lease',
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status', '#result': 'result', '#lease': TOOL_CALL_LEASE },
        ExpressionAttributeValues: { ...values, ':status': outcome.status, ':pending': 'pending', ':now': now.toISOString() },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return finished ? fromRecord(finished.Attributes!) : undefined;
}

/** Marks a successful change as undone, once; false when it was undone already. */
export async function markUndone(userId: string, id: string, now: Date): Promise<boolean> {
  return conditionally(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: toolCallKey(userId, id),
        UpdateExpression: 'SET undone_at = :now, updated_at = :now',
        ConditionExpression: '#status = :success AND attribute_not_exists(undone_at)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':success': 'success', ':now': now.toISOString() },
      }),
    ),
  );
}
