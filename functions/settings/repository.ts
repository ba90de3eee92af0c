import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { defaultSettings, type Settings } from '../../shared/settings';
import { userKey } from '../data/keys';
import { conditionally, db, tableName } from '../platform/dynamo';

const SETTINGS_SK = 'SETTINGS';

/** The stored settings, or the defaults of a row first made from the settings screen. */
export async function getSettings(userId: string): Promise<{ settings: Settings; stored: boolean }> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: { PK: userKey(userId), SK: SETTINGS_SK } }),
  );
  if (!Item) return { settings: defaultSettings(userId, 'settings'), stored: false };
  const { PK: _pk, SK: _sk, ...settings } = Item;
  return { settings: { ...defaultSettings(userId, 'settings'), ...settings } as Settings, stored: true };
}

export async function putSettings(settings: Settings): Promise<void> {
  await db().send(
    new PutCommand({ TableName: tableName(), Item: { ...settings, PK: userKey(settings.user_id), SK: SETTINGS_SK } }),
  );
}

/** The user's time zone, which the date rules read days in. */
export async function userTimeZone(userId: string): Promise<string> {
  return (await getSettings(userId)).settings.preferred_timezone;
}

/**
 * Sets gcal_connected to match whether tokens are stored; true when that changed it. A user with no
 * settings row yet gets one with the settings-screen defaults.
 */
export async function setGcalConnected(userId: string, connected: boolean): Promise<boolean> {
  const { settings, stored } = await getSettings(userId);
  if (!stored) {
    if (!connected) return false;
    await putSettings({ ...settings, gcal_connected: true });
    return true;
  }
  return conditionally(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: userKey(userId), SK: SETTINGS_SK },
        UpdateExpression: 'SET gcal_connected = :connected',
        ConditionExpression: 'attribute_exists(PK) AND gcal_connected <> :connected',
        ExpressionAttributeValues: { ':connected': connected },
      }),
    ),
  );
}
