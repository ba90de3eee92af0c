import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { publishAfterSave } from '../platform/bus';
import { now } from '../platform/clock';
import { createSignUpSettings } from '../settings/repository';
import { mailLanguage } from './mail-texts';

/**
 * Cognito trigger: a confirmed account gets its user_settings with the sign-up defaults, the
 * name it signed up with and the language of the page it signed up on (its `locale`). A failure to announce the row on the bus is logged only: Cognito would
 * fail the confirmation.
 */
export async function handler(event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> {
  const userId = event.request.userAttributes.sub ?? event.userName;
  const { name, locale } = event.request.userAttributes;
  const settings = await createSignUpSettings(userId, name ?? null, mailLanguage(locale));
  if (settings) await publishAfterSave('settings.created', { userId, settings, occurredAt: now().toISOString() });
  return event;
}
