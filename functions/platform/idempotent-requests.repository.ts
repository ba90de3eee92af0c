import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { IDEMPOTENCY_WINDOW_HOURS } from '../../shared/constants';
import { idempotentRequestKey } from '../data/keys';
import { conditionally, db, tableName } from './dynamo';

/**
 * The requests a user sent with an Idempotency-Key (functions/platform/http.ts runs them once): one
 * record per user and key, claimed while its request runs, then holding the answer until the
 * window ends (TTL). Kept only in the table, so every instance of a function, and the local stack,
 * sees the same claims.
 */

/** A user's key, and the fingerprint of the request it came with (a key reused for another request is refused). */
export interface IdempotentRequest {
  userId: string;
  key: string;
  fingerprint: string;
}

/** What is kept of an answer: a replay answers it as it was, the same for every client. */
export interface KeptAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** How long a claim waits for its answer; past it, a retry runs the request (the first run died without answering). */
const LEASE_MS = 30_000;

const recordKey = (request: IdempotentRequest) => idempotentRequestKey(request.userId, request.key);

/**
 * Claims the key for this request: when the key is new, its window ended, or its first run died
 * without answering. Answers the claim's lease (what only this claim holds), or undefined when the
 * key is taken: see findRequest.
 */
export async function claimKey(request: IdempotentRequest, now: Date): Promise<number | undefined> {
  const lease = now.getTime() + LEASE_MS;
  const claimed = await conditionally(
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...recordKey(request),
          fingerprint: request.fingerprint,
          lease_until: lease,
          ttl: Math.floor(now.getTime() / 1000) + IDEMPOTENCY_WINDOW_HOURS * 3600,
        },
        // DynamoDB deletes an item some time after its TTL passed: until then it is read as gone.
        ConditionExpression:
          'attribute_not_exists(PK) OR #ttl <= :nowSeconds OR (attribute_not_exists(answer) AND lease_until < :now AND fingerprint = :fingerprint)',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':nowSeconds': Math.floor(now.getTime() / 1000), ':now': now.getTime(), ':fingerprint': request.fingerprint },
      }),
    ),
  );
  return claimed ? lease : undefined;
}

/** The request that holds the key: its fingerprint, and its answer once it has one. */
export async function findRequest(request: IdempotentRequest): Promise<{ fingerprint: string; answer?: KeptAnswer } | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: recordKey(request), ConsistentRead: true }));
  return Item && { fingerprint: String(Item.fingerprint), answer: Item.answer as KeptAnswer | undefined };
}

/** Keeps the answer of the run that holds the lease, for the rest of the window. */
export async function keepAnswer(request: IdempotentRequest, lease: number, answer: KeptAnswer): Promise<void> {
  await conditionally(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: recordKey(request),
        UpdateExpression: 'SET answer = :answer REMOVE lease_until',
        ConditionExpression: 'lease_until = :lease',
        ExpressionAttributeValues: { ':answer': answer, ':lease': lease },
      }),
    ),
  );
}

/** Gives the key up (its run failed in a way worth retrying), if this run still holds it. */
export async function releaseKey(request: IdempotentRequest, lease: number): Promise<void> {
  await conditionally(
    db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: recordKey(request),
        ConditionExpression: 'lease_until = :lease',
        ExpressionAttributeValues: { ':lease': lease },
      }),
    ),
  );
}
