import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { MAX_REMINDER_MAILS_PER_DAY } from '../../shared/reminders';
import type { ReminderMailStatus } from '../../shared/reminders.schema';
import { mailSuppressionKey, reminderMailDayKey } from '../data/keys';
import { conditionally, db, tableName, unlessConditionFails } from '../platform/dynamo';

/**
 * What keeps reminder mail to addresses that take it, and bounded: the addresses SES reported a
 * hard bounce or a complaint of (one record per address, found by a Get on it), and each person's
 * count of the day's reminder mails.
 */

export type Suppression = NonNullable<ReminderMailStatus['suppressed']>;

/** Why and since when no reminder is mailed to the address; undefined when mail to it is fine. */
export async function suppressionOf(address: string): Promise<Suppression | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: mailSuppressionKey(address), ConsistentRead: true }));
  return Item ? { reason: Item.reason as Suppression['reason'], at: String(Item.at) } : undefined;
}

/** Records SES's report; the first one stands (a repeat, or a later bounce of the same address, changes nothing). */
export async function suppress(address: string, suppression: Suppression): Promise<void> {
  await conditionally(
    db().send(
      new PutCommand({ TableName: tableName(), Item: { ...mailSuppressionKey(address), ...suppression }, ConditionExpression: 'attribute_not_exists(PK)' }),
    ),
  );
}

const dayOf = (now: Date) => now.toISOString().slice(0, 10);

/**
 * Counts one reminder mail of the person's day against MAX_REMINDER_MAILS_PER_DAY (a conditional
 * update: firings side by side cannot share a count); the mail's number in the day, or null when the
 * day's mails are all sent.
 */
export async function countReminderMail(userId: string, now: Date): Promise<number | null> {
  const counted = await unlessConditionFails(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: reminderMailDayKey(userId, dayOf(now)),
        UpdateExpression: 'ADD sent :one SET #ttl = :ttl',
        ConditionExpression: 'attribute_not_exists(sent) OR sent < :max',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':one': 1, ':max': MAX_REMINDER_MAILS_PER_DAY, ':ttl': Math.floor(now.getTime() / 1000) + 2 * 86_400 },
        ReturnValues: 'UPDATED_NEW',
      }),
    ),
  );
  return counted ? Number(counted.Attributes?.sent) : null;
}

/** Gives back the count of a mail that could not be sent. */
export async function uncountReminderMail(userId: string, now: Date): Promise<void> {
  await conditionally(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: reminderMailDayKey(userId, dayOf(now)),
        UpdateExpression: 'ADD sent :minusOne',
        ConditionExpression: 'sent > :zero',
        ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
      }),
    ),
  );
}

/** The reminder mails sent to the person today. */
export async function reminderMailsSent(userId: string, now: Date): Promise<number> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: reminderMailDayKey(userId, dayOf(now)) }));
  return Number(Item?.sent ?? 0);
}
