import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { NextReminder, ReminderOffset } from '../../shared/reminders';
import { expectedReminderKey } from '../data/keys';
import { conditionally, db, tableName } from '../platform/dynamo';
import type { RemindedItem } from './plan';

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
