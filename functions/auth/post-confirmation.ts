import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { createSignUpSettings } from '../settings/account-settings';
import { now } from '../platform/clock';
import { recordAccountCreated } from './account-created.repository';
import { mailLanguage } from './mail-texts';
import { cognitoTrigger } from './trigger';
import { COGNITO_TRIGGERS } from './triggers';

/**
 * Cognito trigger: a confirmed account gets its user_settings with the sign-up defaults, the
 * name it signed up with and the language of the page it signed up on (its `locale`). The row
 * reaches the bus as settings.created from the table's stream. When the account was made is recorded
 * beside it (the ID token's created_at claim, pre-token-generation.ts).
 */
export const handler = cognitoTrigger(COGNITO_TRIGGERS.PostConfirmation, async (event: PostConfirmationTriggerEvent) => {
  const userId = event.request.userAttributes.sub ?? event.userName;
  const { name, locale } = event.request.userAttributes;
  await Promise.all([createSignUpSettings(userId, name ?? null, mailLanguage(locale)), recordAccountCreated(userId, now())]);
  return event;
});
