import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ReminderNotice } from '../../shared/reminder-notices.schema';
import { REMINDER_NOTICE_PREFIX, reminderNoticeKey, userKey } from '../data/keys';
import { conditionally, db, queryItems, tableName } from '../platform/dynamo';

/**
 * The reminders on screen: one record per reminder shown, under the person's partition. Its changes
 * move the `reminders` counter (functions/changes/count-changes.ts), so every open tab reads the
 * list again: a new one shows in all of them, and one dismissed in one tab goes in the others. A
 * dismissed record stays until its TTL, so a firing retried after the dismissal does not show it again.
 */

/** A notice is kept a day after it was shown, then DynamoDB drops it. */
const KEPT_SECONDS = 24 * 3600;
/** The most notices a screen shows; more at once would cover it (the oldest go first). */
export const MAX_NOTICES_SHOWN = 20;
/** The most records one read looks through: a day of reminders dismissed, for a read's cost bounded whatever a person set. */
const MAX_NOTICES_READ = 500;

/** A notice's id: its reminder's time first, so a person's notices sort newest first by key. */
export const noticeIdOf = (at: string, schedule: string) => `${Date.parse(at)}-${schedule}`;
export const NOTICE_ID = /^\d{1,15}-r-[\w-]{43}$/;

interface StoredNotice extends ReminderNotice {
  dismissed: boolean;
  /** While snoozed: when it shows again (a firing of its own clears it). */
  hidden_until: string | null;
}

/**
 * Keeps a reminder that came: shown on screen, or kept dismissed when the person shows none (it
 * still tells a retried firing what was done). False when it was there already.
 */
export async function keepNotice(userId: string, notice: ReminderNotice, onScreen: boolean): Promise<boolean> {
  const stored: StoredNotice = { ...notice, dismissed: !onScreen, hidden_until: null };
  return conditionally(
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...reminderNoticeKey(userId, notice.id), ...stored, ttl: Math.floor(Date.parse(notice.shown_at) / 1000) + KEPT_SECONDS },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    ),
  );
}

/** Whether the reminder's notice was kept: it was delivered (shown, or kept dismissed). */
export async function noticeKept(userId: string, noticeId: string): Promise<boolean> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: reminderNoticeKey(userId, noticeId), ProjectionExpression: 'PK', ConsistentRead: true }),
  );
  return Item !== undefined;
}

/** The notices to show: not dismissed, not snoozed, newest reminder first, at most MAX_NOTICES_SHOWN. */
export async function noticesShown(userId: string): Promise<ReminderNotice[]> {
  const shown: ReminderNotice[] = [];
  let read = 0;
  const found = queryItems<StoredNotice>({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': userKey(userId), ':prefix': REMINDER_NOTICE_PREFIX },
    ScanIndexForward: false,
    Limit: MAX_NOTICES_READ,
  });
  for await (const { dismissed, hidden_until, id, kind, item_id, title, item_time, occurrence, all_day, offset, shown_at } of found) {
    if (!dismissed && !hidden_until) shown.push({ id, kind, item_id, title, item_time, occurrence, all_day, offset, shown_at });
    read += 1;
    if (shown.length === MAX_NOTICES_SHOWN || read === MAX_NOTICES_READ) break;
  }
  return shown;
}

/**
 * Claims the mailing of a reminder, so a retried firing mails it once: `release` gives the claim
 * back when the mail could not be sent. False when it was mailed (or is being mailed) already.
 */
export async function claimMailing(userId: string, id: string, at: string): Promise<boolean> {
  return conditionally(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: reminderNoticeKey(userId, id),
        UpdateExpression: 'SET mailed_at = :at',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(mailed_at)',
        ExpressionAttributeValues: { ':at': at },
      }),
    ),
  );
}

export async function releaseMailing(userId: string, id: string): Promise<void> {
  await db().send(new UpdateCommand({ TableName: tableName(), Key: reminderNoticeKey(userId, id), UpdateExpression: 'REMOVE mailed_at' }));
}

/** Dismisses a notice in every tab; false when there is none such (or it was dismissed already). */
export async function dismissNotice(userId: string, id: string): Promise<boolean> {
  return conditionally(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: reminderNoticeKey(userId, id),
        UpdateExpression: 'SET dismissed = :yes',
        ConditionExpression: 'attribute_exists(PK) AND dismissed = :no',
        ExpressionAttributeValues: { ':yes': true, ':no': false },
      }),
    ),
  );
}

/** Hides a notice until `until` (snoozed) or shows it again (null); false when it is gone or dismissed. */
export async function hideNoticeUntil(userId: string, id: string, until: string | null): Promise<boolean> {
  return conditionally(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: reminderNoticeKey(userId, id),
        UpdateExpression: 'SET hidden_until = :until',
        ConditionExpression: 'attribute_exists(PK) AND dismissed = :no',
        ExpressionAttributeValues: { ':until': until, ':no': false },
      }),
    ),
  );
}
