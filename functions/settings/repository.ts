import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Language } from '../../shared/languages';
import { defaultSettings } from '../../shared/settings';
import type { Settings } from '../../shared/settings.schema';
import { USER_SK, userKey } from '../data/keys';
import { conditionally, db, tableName, unlessConditionFails } from '../platform/dynamo';

/**
 * A new account's settings: the sign-up defaults (30 past days to sync) and the name it signed up
 * with. Answers the row, or null when the account has settings already (they are never overwritten).
 */
export async function createSignUpSettings(userId: string, fullName: string | null, lang: Language): Promise<Settings | null> {
  const settings = { ...defaultSettings(userId, 'sign-up'), full_name: fullName, lang };
  const created = await conditionally(
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...settings, PK: userKey(userId), SK: USER_SK.settings },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    ),
  );
  return created ? settings : null;
}

/** The stored settings, or the defaults of a row first made from the settings screen. */
export async function getSettings(userId: string): Promise<{ settings: Settings; stored: boolean }> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: { PK: userKey(userId), SK: USER_SK.settings } }));
  if (!Item) return { settings: defaultSettings(userId, 'settings'), stored: false };
  return { settings: { ...defaultSettings(userId, 'settings'), ...withoutKeys(Item) } as Settings, stored: true };
}

/** The settings a row holds, without the table's keys. */
export const withoutKeys = ({ PK: _pk, SK: _sk, ...row }: Record<string, unknown>) => row;

export async function putSettings(settings: Settings): Promise<void> {
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...settings, PK: userKey(settings.user_id), SK: USER_SK.settings } }));
}

/**
 * Saves a change made from `previous` (as read): the fields it changed, and the others only where
 * the row lacks them, so what was written meanwhile (the Google connection's flag, a row made at
 * sign-up) stands. Answers the row as stored.
 */
export async function saveSettingsChange(previous: Settings, next: Settings): Promise<Settings> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const assignments = Object.entries(next).map(([field, value], index) => {
    names[`#f${index}`] = field;
    values[`:v${index}`] = value;
    const changed = previous[field as keyof Settings] !== value;
    return changed ? `#f${index} = :v${index}` : `#f${index} = if_not_exists(#f${index}, :v${index})`;
  });
  const { Attributes } = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { PK: userKey(next.user_id), SK: USER_SK.settings },
      UpdateExpression: `SET ${assignments.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_NEW',
    }),
  );
  return { ...next, ...withoutKeys(Attributes ?? {}) } as Settings;
}

/** The user's time zone, which the date rules read days in. */
export async function userTimeZone(userId: string): Promise<string> {
  return (await getSettings(userId)).settings.preferred_timezone;
}

/**
 * Sets gcal_connected to match whether tokens are stored. Answers the row when that changed it
 * (`created` when it made the row: a user with no settings row yet gets one with the
 * settings-screen defaults), null when the flag was right already.
 */
export async function setGcalConnected(userId: string, connected: boolean): Promise<{ settings: Settings; created: boolean } | null> {
  const { settings, stored } = await getSettings(userId);
  if (!stored) {
    if (!connected) return null;
    const created = { ...settings, gcal_connected: true };
    await putSettings(created);
    return { settings: created, created: true };
  }
  const updated = await unlessConditionFails(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: userKey(userId), SK: USER_SK.settings },
        UpdateExpression: 'SET gcal_connected = :connected',
        ConditionExpression: 'attribute_exists(PK) AND gcal_connected <> :connected',
        ExpressionAttributeValues: { ':connected': connected },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return updated && { settings: { ...settings, ...withoutKeys(updated.Attributes ?? {}) } as Settings, created: false };
}
