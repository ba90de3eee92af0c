import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { defaultSettings } from '../../shared/settings';
import { userKey } from '../data/keys';
import { publishAfterSave } from '../platform/bus';
import { now } from '../platform/clock';
import { conditionally, db, tableName } from '../platform/dynamo';

/**
 * Cognito trigger: a confirmed account gets its user_settings with the sign-up defaults (30 past
 * days to sync) and the name it signed up with. Settings already saved are never overwritten.
 * A failure to announce the row on the bus is logged only: Cognito would fail the confirmation.
 */
export async function handler(event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> {
  const userId = event.request.userAttributes.sub ?? event.userName;
  const settings = { ...defaultSettings(userId, 'sign-up'), full_name: event.request.userAttributes.name ?? null };
  const created = await conditionally(
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...settings, PK: userKey(userId), SK: 'SETTINGS' },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    ),
  );
  if (created) await publishAfterSave('settings.created', { userId, settings, occurredAt: now().toISOString() });
  return event;
}
