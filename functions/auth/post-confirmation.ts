import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { publishAfterSave } from '../platform/bus';
import { now } from '../platform/clock';
import { createSignUpSettings } from '../settings/repository';

/**
 * Cognito trigger: a confirmed account gets its user_settings with the sign-up defaults and the
 * name it signed up with. A failure to announce the row on the bus is logged only: Cognito would
 * fail the confirmation.
 */
export async function handler(event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> {
  const userId = event.request.userAttributes.sub ?? event.userName;
  const settings = await createSignUpSettings(userId, event.request.userAttributes.name ?? null);
  if (settings) await publishAfterSave('settings.created', { userId, settings, occurredAt: now().toISOString() });
  return event;
}
