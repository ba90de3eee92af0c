import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { defaultSettings, type Settings } from '../../shared/settings.schema';
import { USER_SK, userKey } from '../data/keys';
import { conditionally, db, tableName, unlessConditionFails } from '../platform/dynamo';
import { withoutKeys } from './stored-settings';

/** Stores a new account's settings row; false when the account has one already (it is never overwritten). */
export async function createSettings(settings: Settings): Promise<boolean> {
  return conditionally(
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...settings, PK: userKey(settings.user_id), SK: USER_SK.settings },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    ),
  );
}

/** The stored settings, or the defaults of a row first made from the settings screen. */
export async function getSettings(userId: string): Promise<{ settings: Settings; stored: boolean }> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: { PK: userKey(userId), SK: USER_SK.settings } }));
  if (!Item) return { settings: defaultSettings(userId, 'settings'), stored: false };
  return { settings: { ...defaultSettings(userId, 'settings'), ...withoutKeys(Item) } as Settings, stored: true };
}

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

/** Sets gcal_connected on a stored row where it differs: the row's fields as updated, or null (no row, or the flag was right). */
export async function updateGcalConnected(userId: string, connected: boolean): Promise<Record<string, unknown> | null> {
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
  return updated && withoutKeys(updated.Attributes ?? {});
}
