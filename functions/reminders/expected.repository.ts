import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { NextReminder, ReminderOffset } from '../../shared/reminders';
import { EXPECTED_REMINDER_PREFIX, expectedReminderKey, USER_SK, userKey } from '../data/keys';
import { conditionally, db, queryItems, tableName } from '../platform/dynamo';
import type { RemindedItem } from './plan';
import { givePlaceBack, takePlace } from '../platform/places.repository';

/**
 * The reminder an item expects next and the name of the one schedule put for it. A firing whose
 * schedule is not this one was overtaken and does nothing; a change swaps it only from what it
 * read, so two writers (a change and a firing) never leave two schedules behind.
 */
export interface ExpectedReminder extends NextReminder {
  schedule: string;
}

type ItemRef = { userId: string; kind: RemindedItem['kind']; id: string };

export async function getExpected({ userId, kind, id }: ItemRef): Promise<ExpectedReminder | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: expectedReminderKey(userId, kind, id), ConsistentRead: true }));
  return Item
    ? { schedule: String(Item.schedule), at: String(Item.at), occurrence: (Item.occurrence as string | null) ?? null, offset: Item.offset as ReminderOffset }
    : undefined;
}

/** Puts `next` (null: none) in place of `read`; false when another writer changed it since the read. */
export async function swapExpected(ref: ItemRef, read: ExpectedReminder | undefined, next: ExpectedReminder | null): Promise<boolean> {
  const Key = expectedReminderKey(ref.userId, ref.kind, ref.id);
  const condition = read
    ? { ConditionExpression: '#schedule = :read', ExpressionAttributeNames: { '#schedule': 'schedule' }, ExpressionAttributeValues: { ':read': read.schedule } }
    : { ConditionExpression: 'attribute_not_exists(PK)' };
  const write = next
    ? db().send(new PutCommand({ TableName: tableName(), Item: { ...Key, ...next }, ...condition }))
    : db().send(new DeleteCommand({ TableName: tableName(), Key, ...condition }));
  return conditionally(write);
}

/** The names of the schedules of every item of the person's that expects a reminder: one each (the account is being deleted). */
export async function* expectedSchedulesOf(userId: string): AsyncGenerator<string> {
  const found = queryItems<{ schedule: string }>({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': userKey(userId), ':prefix': EXPECTED_REMINDER_PREFIX },
    ProjectionExpression: '#schedule',
    ExpressionAttributeNames: { '#schedule': 'schedule' },
  });
  for await (const { schedule } of found) yield schedule;
}

/**
 * The most items of one account that expect a reminder at once, each holding at most one schedule:
 * a full calendar's year fits, while a script making items without end puts no more schedules.
 */
export const MAX_EXPECTED_REMINDERS = 2000;

const expectedCounterKey = (userId: string) => ({ PK: userKey(userId), SK: USER_SK.expectedReminders });

/** Counts an item that comes to expect a reminder; false when the account has MAX_EXPECTED_REMINDERS already. */
export const takeExpectedPlace = (userId: string) => takePlace(expectedCounterKey(userId), MAX_EXPECTED_REMINDERS);
/** An item expects no reminder any more (or its swap was lost). */
export const giveExpectedPlaceBack = (userId: string) => givePlaceBack(expectedCounterKey(userId));
