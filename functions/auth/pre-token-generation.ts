import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { ACCOUNT_CREATED_CLAIM, DEVICE_TOKEN_CLAIM } from '../../shared/constants';
import { now } from '../platform/clock';
import { reportError } from '../platform/error-reporting';
import { accountCreatedAt } from './account-created.repository';
import { readAttemptLog } from './sign-in-throttle.repository';
import { trustDevice } from './trusted-devices.repository';
import { cognitoTrigger } from './trigger';
import { COGNITO_TRIGGERS } from './triggers';

/**
 * Cognito trigger as an ID token is made (signing in, and every refresh), for what the browser reads
 * from it without another request:
 * - ACCOUNT_CREATED_CLAIM, when the account was made (account-created.repository.ts): the user view's created_at;
 * - on a password sign-in, DEVICE_TOKEN_CLAIM: the account trusts the browser that signed in, in the
 *   sign-in's own answer. The new device token (trusted-devices.repository.ts) is stored before the
 *   tokens leave, so a person who signs in and leaves at once is trusted all the same. Cognito hands
 *   this trigger no ClientMetadata: the token the browser held, which the new one replaces, is the
 *   one the pre-authentication trigger let through just before (the throttle log's lastBrowser).
 * Neither may fail a sign-in: what cannot be read or stored is reported and left out (the browser
 * then asks for its trust afterwards, POST /api/auth/device-token).
 */
export const handler = cognitoTrigger(COGNITO_TRIGGERS.PreTokenGeneration, async (event: PreTokenGenerationTriggerEvent) => {
  const { sub, email } = event.request.userAttributes;
  if (!sub) return event;
  const at = now();
  const [createdAt, deviceToken] = await Promise.all([
    orReported(accountCreatedAt(sub, at)),
    event.triggerSource === 'TokenGeneration_Authentication'
      ? orReported(readAttemptLog(email ?? event.userName).then(({ lastBrowser }) => trustDevice(sub, { deviceKey: lastBrowser }, at.getTime())))
      : null,
  ]);
  const claims = { ...(createdAt ? { [ACCOUNT_CREATED_CLAIM]: createdAt } : {}), ...(deviceToken ? { [DEVICE_TOKEN_CLAIM]: deviceToken } : {}) };
  event.response = { claimsOverrideDetails: { claimsToAddOrOverride: claims } };
  return event;
});

async function orReported<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work;
  } catch (error) {
    await reportError(error);
    return null;
  }
}
