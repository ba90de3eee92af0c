import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ReminderNotice } from '../../shared/reminder-notices.schema';
import { MAX_SNOOZED } from '../../shared/reminders';
import { REMINDER_NOTICE_PREFIX, reminderNoticeKey, USER_SK, userKey } from '../data/keys';
import { conditionally, db, queryItems, tableName } from '../platform/dynamo';
import { givePlaceBack, takePlace } from '../platform/places.repository';

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

/** The person's notices, newest first or oldest first, at most MAX_NOTICES_READ (a day's). */
async function* noticesOf(userId: string, newestFirst: boolean): AsyncGenerator<StoredNotice> {
  let read = 0;
  const found = queryItems<StoredNotice>({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': userKey(userId), ':prefix': REMINDER_NOTICE_PREFIX },
    ScanIndexForward: !newestFirst,
    Limit: MAX_NOTICES_READ,
  });
  for await (const notice of found) {
    yield notice;
    read += 1;
    if (read === MAX_NOTICES_READ) return;
  }
}

/** The notices to show: not dismissed, not snoozed, newest reminder first, at most MAX_NOTICES_SHOWN. */
export async function noticesShown(userId: string): Promise<ReminderNotice[]> {
  const shown: ReminderNotice[] = [];
  for await (const { dismissed, hidden_until, id, kind, item_id, title, item_time, occurrence, all_day, offset, shown_at } of noticesOf(userId, true)) {
    if (!dismissed && !hidden_until) shown.push({ id, kind, item_id, title, item_time, occurrence, all_day, offset, shown_at });
    if (shown.length === MAX_NOTICES_SHOWN) break;
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

/** A notice as a snooze reads it first: whether it can be snoozed, whether it is already, and when DynamoDB drops it. */
export async function snoozableNotice(userId: string, id: string): Promise<{ snoozed: boolean; ttl: number } | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: reminderNoticeKey(userId, id), ConsistentRead: true }));
  if (!Item || Item.dismissed) return undefined;
  return { snoozed: typeof Item.hidden_until === 'string', ttl: Number(Item.ttl) };
}

/**
 * Hides a notice until `until`: one shown (`wasSnoozed` false) or one snoozed already, as the snooze
 * read it; false when it changed since (dismissed, gone, or snoozed or shown meanwhile). It is kept
 * at least an hour past `until`, so its snooze's firing finds it.
 */
export async function hideNotice(userId: string, id: string, until: string, { wasSnoozed, ttl }: { wasSnoozed: boolean; ttl: number }): Promise<boolean> {
  return conditionally(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: reminderNoticeKey(userId, id),
        UpdateExpression: 'SET hidden_until = :until, #ttl = :ttl',
        ConditionExpression: `attribute_exists(PK) AND dismissed = :no AND ${wasSnoozed ? '' : 'NOT '}attribute_type(hidden_until, :string)`,
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':until': until, ':no': false, ':string': 'S', ':ttl': Math.max(ttl, Math.floor(Date.parse(until) / 1000) + 3600) },
      }),
    ),
  );
}

/** Shows a snoozed notice again (its snooze's schedule ran); false when it was not snoozed (a retried firing, or never). */
export async function showAgain(userId: string, id: string): Promise<boolean> {
  return conditionally(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: reminderNoticeKey(userId, id),
        UpdateExpression: 'SET hidden_until = :none',
        ConditionExpression: 'attribute_type(hidden_until, :string)',
        ExpressionAttributeValues: { ':none': null, ':string': 'S' },
      }),
    ),
  );
}

const snoozedCounterKey = (userId: string) => ({ PK: userKey(userId), SK: USER_SK.snoozed });

/** Counts a snooze's schedule among the person's live ones, at most MAX_SNOOZED; false when all are taken. Its firing gives the place back. */
export const takeSnoozePlace = (userId: string) => takePlace(snoozedCounterKey(userId), MAX_SNOOZED);
export const giveSnoozePlaceBack = (userId: string) => givePlaceBack(snoozedCounterKey(userId));

/** The ids of the person's snoozed notices (a Query over a day's notices, at most MAX_NOTICES_READ): each holds a schedule. */
export async function snoozedNoticeIds(userId: string): Promise<string[]> {
  const ids: string[] = [];
  for await (const { id, hidden_until } of noticesOf(userId, false)) if (hidden_until) ids.push(id);
  return ids;
}
