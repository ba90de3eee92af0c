import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { AUTH_THROTTLE } from '../../../shared/constants';
import { waitForMail } from './outbox';
import { recordStrangersFailures } from './sign-in-throttle';

export const PASSWORD = 'Tempo-e2e-2026!';
export const VERIFICATION_SUBJECT = 'Confirm your Tempo account';
export const RESET_SUBJECT = 'Your Tempo password reset code';

/** An address no other test uses: the server's sign-in throttle counts per account. */
export function uniqueEmail(purpose: string): string {
  return `${purpose}-${randomUUID().slice(0, 8)}@example.com`;
}

/**
 * Calls the local Cognito as a script would, past the web app: the address and client come from
 * /config.json like the app's. Answers the status and Cognito's JSON body.
 */
export async function callCognito(request: APIRequestContext, operation: string, body: Record<string, unknown>) {
  const config = await (await request.get('/config.json')).json();
  const response = await request.post(config.userPoolEndpoint, {
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${operation}` },
    data: JSON.stringify({ ClientId: config.userPoolClientId, ...body }),
  });
  return { status: response.status(), body: await response.json() };
}

/** Of the strangers' failures that fill an account's hour, those made through Cognito's API; the others are written to the throttle's record. */
const FAILURES_THROUGH_COGNITO = 2;

/**
 * Strangers fail to sign in to `email`, each from a browser of its own, until the account's hour is
 * full: the first ones written straight to the sign-in throttle's record, as they would have left it
 * (a request each took seconds in all), the last ones through Cognito's API, past the throttle to the password check.
 */
export async function failSignInsUntilTheAccountWaits(request: APIRequestContext, email: string): Promise<void> {
  const recorded = AUTH_THROTTLE.accountAttempts - FAILURES_THROUGH_COGNITO;
  await recordStrangersFailures(email, recorded);
  for (let index = recorded; index < AUTH_THROTTLE.accountAttempts; index += 1) {
    const answer = await callCognito(request, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: 'Wrong-password-1!' },
      ClientMetadata: { browser: `stranger-browser-${index}` },
    });
    expect(answer.status).toBe(400);
  }
}

/** Signs up Ada Lovelace as the app does, without confirming: the verification mail waits in the outbox. */
export async function signUpUnconfirmed(request: APIRequestContext, email: string): Promise<void> {
  const answer = await callCognito(request, 'SignUp', {
    Username: email,
    Password: PASSWORD,
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'name', Value: 'Ada Lovelace' },
    ],
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

/** A confirmed account (Ada Lovelace) of its own for a test: signed up, then confirmed with the mailed link's code. */
export async function createAccount(request: APIRequestContext, purpose: string): Promise<string> {
  const email = uniqueEmail(purpose);
  await signUpUnconfirmed(request, email);
  const { link } = await waitForMail(email, VERIFICATION_SUBJECT);
  const verified = await request.post('/api/auth/verify-email', {
    data: { email: link?.searchParams.get('email'), code: link?.searchParams.get('code') },
  });
  expect(verified.status()).toBe(200);
  return email;
}
