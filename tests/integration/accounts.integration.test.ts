import { request } from 'node:http';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { CognitoIdentityProviderClient, GetTokensFromRefreshTokenCommand, InitiateAuthCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { EventBridgeEvent } from 'aws-lambda';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import {
  ACCOUNT_CREATED_CLAIM,
  ACCOUNT_ROUTE_LIMITS,
  AUTH_THROTTLE,
  DEVICE_TOKEN_CLAIM,
  RESET_CODE,
  RESET_GUESSES,
  SIGN_IN_LINK,
  TRUSTED_DEVICES,
} from '../../shared/constants';
import { DEMO } from '../../shared/demo';
import { accountOf } from '../../functions/auth/account-of';
import { feedOfOwner, issueFeed } from '../../functions/calendar-feed/repository';
import { saveSubscription, subscriptionsOf } from '../../functions/reminders/subscriptions.repository';
import { startSentryDouble } from '../../local/sentry-double';
import { personNameProblem } from '../../shared/person-name';
import { MESSAGES } from '../../shared/messages';
import { MAIL_TEXTS } from '../../functions/auth/mail-texts';
import { redeemResetCode } from '../../functions/auth/accounts';
import { issueResetCode } from '../../functions/auth/reset-codes.repository';
import { handler as sendResetCode } from '../../functions/auth/send-reset-code';
import { trustDevice, trustedDeviceOf } from '../../functions/auth/trusted-devices.repository';

const VERIFICATION_SUBJECT = MAIL_TEXTS.en.verification.subject;
const RESET_SUBJECT = MAIL_TEXTS.en.reset.subject;
import { db, tableName } from '../../functions/platform/dynamo';
import { nowMs } from '../../functions/platform/clock';
import { resetCodeKey, signInLinkKey } from '../../functions/data/keys';
import { useVirtualClock } from '../support/clock';
import { mailsTo } from '../support/outbox';
import { useLocalStack } from '../support/local-stack';
import { lambdaContext } from '../../local/lambda-context';

const PASSWORD = 'Correct-horse-9!';

describe('accounts: sign-up, verification, sign-in throttle and password reset', () => {
  // Guesses sent all at once, faster than the public routes' own throttle lets through.
  const local = useLocalStack('accounts', { apiLimits: { throttle: { ratePerSecond: 100_000, burst: 100_000 } } });
  let cognito: CognitoIdentityProviderClient;

  beforeAll(() => {
    cognito = new CognitoIdentityProviderClient({
      endpoint: local.stack.pool.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    });
  });

  afterAll(() => cognito?.destroy());

  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${local.stack.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, body: await response.json() };
  };
  /** A POST from another address of this machine (all of 127.0.0.0/8 is the loopback), as from another requester. */
  const postFrom = (address: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; body: any }>((resolve, reject) => {
      const url = new URL(path, local.stack.url);
      const sent = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          localAddress: address,
          headers: { 'content-type': 'application/json', ...headers },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(text) }));
        },
      );
      sent.on('error', reject).end(JSON.stringify(body));
    });
  /** As the sign-up form sends it: the page's language as the account's `locale`. */
  const signUp = (email: string, password = PASSWORD, name = 'Ada Lovelace', locale = 'en') =>
    cognito.send(
      new SignUpCommand({
        ClientId: local.stack.pool.clientId,
        Username: email,
        Password: password,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'name', Value: name },
          { Name: 'locale', Value: locale },
        ],
      }),
    );
  const signIn = (email: string, password = PASSWORD) =>
    cognito.send(
      new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: local.stack.pool.clientId, AuthParameters: { USERNAME: email, PASSWORD: password } }),
    );
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => ({ name: 'no error', message: '' }),
      (error: Error) => ({ name: error.name, message: error.message }),
    );
  const outbox = () => join(local.dataDir, 'outbox');
  /** A token's claims, unverified. */
  const claimsOf = (token: string): Record<string, unknown> => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
  /** The account's `sub`, from one of its ID tokens. */
  const subOf = (idToken: string) => String(claimsOf(idToken).sub);
  const newEmail = () => `user-${randomUUID().slice(0, 8)}@example.com`;

  /** A password sign-in to `email` with the ClientMetadata a browser sends (its key, and its device token when trusted). */
  const signInFrom = (email: string, metadata: Record<string, string>, password = PASSWORD) =>
    failure(
      cognito.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: local.stack.pool.clientId,
          AuthParameters: { USERNAME: email, PASSWORD: password },
          ClientMetadata: metadata,
        }),
      ),
    );
  /** Some other six digits than `code`. */
  const wrongOf = (code: string, offset = 0) => String((Number(code) + 1 + offset) % 10 ** RESET_CODE.digits).padStart(RESET_CODE.digits, '0');
  /** How far the functions' clock is from the next UTC midnight: a campaign's day starts there. */
  const untilNextDay = (now: number) => Math.ceil(now / RESET_GUESSES.windowMs) * RESET_GUESSES.windowMs - now;

  async function confirmedUser(): Promise<string> {
    const email = newEmail();
    await signUp(email);
    const link = mailsTo(outbox(), email)[0]!.link!;
    expect((await post('/api/auth/verify-email', { email: link.searchParams.get('email'), code: link.searchParams.get('code') })).status).toBe(200);
    return email;
  }

  it('refuses at sign-up a name that does not read as a name (markup, a web address), mailing nothing, as Cognito does with a pre sign-up trigger', async () => {
    for (const name of ['<b>Security alert</b>', 'Security alert: visit evil.example now', 'x'.repeat(81)]) {
      const email = newEmail();
      const refused = await failure(signUp(email, PASSWORD, name));
      expect(refused.name).toBe('UserLambdaValidationException');
      expect(refused.message).toBe(`PreSignUp failed with error ${personNameProblem(name)}.`);
      expect(mailsTo(outbox(), email)).toEqual([]);
    }
    const email = newEmail();
    await signUp(email, PASSWORD, "J. R. O'Neil-Smith");
    expect(mailsTo(outbox(), email)[0]!.body).toMatch(/^Hello J\. R\. O'Neil-Smith,/);
  });

  it('mails a verification link; opening it confirms the account and makes its settings', async () => {
    const email = newEmail();
    await signUp(email);
    expect((await failure(signIn(email))).name).toBe('UserNotConfirmedException');

    const [mail] = mailsTo(outbox(), email);
    expect(mail?.subject).toBe(VERIFICATION_SUBJECT);
    const link = mail!.link!;
    expect(link.origin).toBe(local.stack.url);
    expect(link.pathname).toBe('/verify-email');
    const query = { email: link.searchParams.get('email'), code: link.searchParams.get('code') };
    expect(query.email).toBe(email);

    expect((await post('/api/auth/verify-email', { ...query, code: '000000' })).body.error.message).toBe('Invalid verification code');
    expect((await post('/api/auth/verify-email', query)).body).toEqual({ verified: true });
    expect((await post('/api/auth/verify-email', query)).body).toEqual({ verified: true });

    const token = (await signIn(email)).AuthenticationResult!.IdToken!;
    const settings = await (await fetch(`${local.stack.url}/api/settings`, { headers: { authorization: `Bearer ${token}` } })).json();
    expect(settings).toMatchObject({ sync_past_days: 30, full_name: 'Ada Lovelace', updated_at: null });
    const created = local.stack.bus.published.filter(
      (event) => event['detail-type'] === 'settings.created' && (event.detail as { userId: string }).userId === settings.user_id,
    );
    expect(created).toHaveLength(1);
    expect(created[0]!.detail).toMatchObject({ settings: { sync_past_days: 30, full_name: 'Ada Lovelace' } });
  });

  it('writes the mails in the language of the page that asked, and starts the settings in it', async () => {
    const email = newEmail();
    await signUp(email, PASSWORD, 'Ada Lovelace', 'es');
    const [verification] = mailsTo(outbox(), email);
    expect(verification?.subject).toBe(MAIL_TEXTS.es.verification.subject);
    expect(verification?.body).toMatch(/^Hola, Ada Lovelace:\n\nTe damos la bienvenida a Tempo/);
    const link = verification!.link!;
    await post('/api/auth/verify-email', { email, code: link.searchParams.get('code') });
    const token = (await signIn(email)).AuthenticationResult!.IdToken!;
    const settings = await (await fetch(`${local.stack.url}/api/settings`, { headers: { authorization: `Bearer ${token}` } })).json();
    expect(settings.lang).toBe('es');

    // The reset code in German, asked for from a German page; a request without a language gets English.
    await post('/api/auth/reset-code', { email, lang: 'de' });
    await local.stack.settle();
    const reset = mailsTo(outbox(), email).find((mail) => mail.subject === MAIL_TEXTS.de.reset.subject);
    expect(reset?.body).toMatch(/^Jemand hat das Zurücksetzen .*\n\nDein Code: \d{6}\n\nEr gilt einmal, 15 Minuten lang\./s);
    expect((await post('/api/auth/reset-code', { email, lang: 'nl' })).body.error).toMatchObject({ code: 'validation_failed', message_key: 'languageChoice' });
  });

  it('refreshes tokens the way Amplify asks (GetTokensFromRefreshToken)', async () => {
    const email = await confirmedUser();
    const { RefreshToken } = (await signIn(email)).AuthenticationResult!;
    const refreshed = await cognito.send(new GetTokensFromRefreshTokenCommand({ ClientId: local.stack.pool.clientId, RefreshToken }));
    const response = await fetch(`${local.stack.url}/api/goals`, { headers: { authorization: `Bearer ${refreshed.AuthenticationResult!.IdToken}` } });
    expect(response.status).toBe(200);
  });

  it('names in every ID token when the account was made: as it was confirmed, the same after a refresh', async () => {
    const clock = useVirtualClock();
    try {
      const before = clock.now();
      const email = await confirmedUser();
      const after = clock.now();
      clock.advance(3 * 24 * 60 * 60_000);
      const { IdToken, RefreshToken } = (await signIn(email)).AuthenticationResult!;
      const createdAt = String(claimsOf(IdToken!)[ACCOUNT_CREATED_CLAIM]);
      expect(Date.parse(createdAt)).toBeGreaterThanOrEqual(before);
      expect(Date.parse(createdAt)).toBeLessThanOrEqual(after);
      const refreshed = await cognito.send(new GetTokensFromRefreshTokenCommand({ ClientId: local.stack.pool.clientId, RefreshToken }));
      expect(claimsOf(refreshed.AuthenticationResult!.IdToken!)[ACCOUNT_CREATED_CLAIM]).toBe(createdAt);
      // A refresh trusts no browser: only a sign-in hands one its token.
      expect(claimsOf(refreshed.AuthenticationResult!.IdToken!)[DEVICE_TOKEN_CLAIM]).toBeUndefined();
    } finally {
      clock.restore();
    }
  });

  it('answers an unknown address exactly like a wrong code', async () => {
    const unknown = await post('/api/auth/verify-email', { email: newEmail(), code: '123456' });
    expect(unknown).toEqual({
      status: 400,
      body: {
        error: {
          code: 'validation_failed',
          message: 'Invalid verification code',
          message_key: 'invalidVerificationCode',
          fields: { code: 'Invalid verification code' },
          field_keys: { code: 'invalidVerificationCode' },
        },
      },
    });
  });

  it('refuses a sign-up password that breaks the policy', async () => {
    expect((await failure(signUp(newEmail(), 'password'))).name).toBe('InvalidPasswordException');
  });

  it('throttles sign-in per account and browser: 5 attempts in any minute, then waits that double, said in seconds; a success clears it', async () => {
    const email = await confirmedUser();
    const fromBrowser = (browser: string, password = PASSWORD) =>
      cognito.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: local.stack.pool.clientId,
          AuthParameters: { USERNAME: email, PASSWORD: password },
          ClientMetadata: { browser },
        }),
      );
    const stranger = 'stranger-browser-1';
    const person = 'person-browser-1';
    for (let attempt = 0; attempt < AUTH_THROTTLE.attempts; attempt += 1) {
      expect((await failure(fromBrowser(stranger, 'Wrong-password-1!'))).name).toBe('NotAuthorizedException');
    }
    // The sixth of the minute is refused before the password is checked, even the right one, with the wait.
    const refused = await failure(fromBrowser(stranger));
    expect(refused).toEqual({ name: 'UserLambdaValidationException', message: `PreAuthentication failed with error ${MESSAGES.signInThrottled(5)}.` });
    // The person, on their own browser, is not made to wait by the stranger.
    expect((await fromBrowser(person)).AuthenticationResult?.IdToken).toBeTruthy();

    // The functions' clock moves instead of the test waiting. The stranger's minute is still full:
    // the next wait doubles, and so on; it is not reset by waiting out a wait.
    const clock = useVirtualClock();
    try {
      clock.advance(AUTH_THROTTLE.cooldownMs + 100);
      expect((await failure(fromBrowser(stranger, 'Wrong-password-1!'))).message).toContain(MESSAGES.signInThrottled(10));
      clock.advance(10_100);
      expect((await failure(fromBrowser(stranger, 'Wrong-password-1!'))).message).toContain(MESSAGES.signInThrottled(20));
      // Once its minute has emptied, the browser may try again (its next wait would be longer still).
      clock.advance(AUTH_THROTTLE.windowMs);
      expect((await failure(fromBrowser(stranger, 'Wrong-password-1!'))).name).toBe('NotAuthorizedException');

      // A successful sign-in forgets that browser's attempts, and only that browser's.
      for (let attempt = 1; attempt < AUTH_THROTTLE.attempts; attempt += 1) await failure(fromBrowser(stranger, 'Wrong-password-1!'));
      for (let attempt = 1; attempt < AUTH_THROTTLE.attempts; attempt += 1) await failure(fromBrowser(person, 'Wrong-password-1!'));
      expect((await fromBrowser(person)).AuthenticationResult?.IdToken).toBeTruthy();
      expect((await failure(fromBrowser(stranger))).name).toBe('UserLambdaValidationException');
      for (let attempt = 0; attempt < AUTH_THROTTLE.attempts - 1; attempt += 1) await failure(fromBrowser(person, 'Wrong-password-1!'));
      expect((await fromBrowser(person)).AuthenticationResult?.IdToken).toBeTruthy();
    } finally {
      clock.restore();
    }
  });

  it('bounds the attempts on one account from every browser together, 100 an hour', async () => {
    const email = await confirmedUser();
    const clock = useVirtualClock();
    try {
      for (let attempt = 0; attempt < AUTH_THROTTLE.accountAttempts; attempt += 1) {
        const browser = `rotating-browser-${attempt}`;
        const answer = await failure(
          cognito.send(
            new InitiateAuthCommand({
              AuthFlow: 'USER_PASSWORD_AUTH',
              ClientId: local.stack.pool.clientId,
              AuthParameters: { USERNAME: email, PASSWORD: 'Wrong-password-1!' },
              ClientMetadata: { browser },
            }),
          ),
        );
        expect(answer.name).toBe('NotAuthorizedException');
        clock.advance(1_000);
      }
      const next = await failure(signIn(email));
      expect(next.name).toBe('UserLambdaValidationException');
      expect(next.message).toContain('Too many sign-in attempts. Please wait');
      clock.advance(AUTH_THROTTLE.accountWindowMs);
      expect((await signIn(email)).AuthenticationResult?.IdToken).toBeTruthy();
    } finally {
      clock.restore();
    }
  });

  it('lets the owner sign in on a browser trusted before after a hundred failures from other browsers, whose own bound still holds', async () => {
    const email = await confirmedUser();
    const other = await confirmedUser();
    /** A browser's sign-in with the token it holds: the answer's ID token hands it the next one, stored already (no second request). */
    const trust = async (account: string, replaces?: string) => {
      const answer = await cognito.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: local.stack.pool.clientId,
          AuthParameters: { USERNAME: account, PASSWORD },
          ClientMetadata: replaces ? { device: replaces } : {},
        }),
      );
      const idToken = answer.AuthenticationResult!.IdToken!;
      const token = claimsOf(idToken)[DEVICE_TOKEN_CLAIM] as string;
      expect(await trustedDeviceOf(subOf(idToken), token, nowMs())).not.toBeNull();
      return token;
    };
    const attempt = (metadata: Record<string, string>, password = PASSWORD) => signInFrom(email, metadata, password);
    const first = await trust(email);
    // Signed in with its token, the browser is handed a new one in its place.
    const device = await trust(email, first);
    const othersDevice = await trust(other);
    expect(device).not.toBe(first);

    const clock = useVirtualClock();
    try {
      const strangers = [];
      for (let index = 0; index < AUTH_THROTTLE.accountAttempts; index += 1) {
        strangers.push((await attempt({ browser: `stranger-browser-${index}` }, 'Wrong-password-1!')).name);
        clock.advance(1_000);
      }
      // The owner's first sign-in above (untrusted then) counts in the account's hour as well; the trusted second does not.
      expect(strangers.filter((name) => name === 'NotAuthorizedException')).toHaveLength(AUTH_THROTTLE.accountAttempts - 1);
      // Strangers, and whoever sends a made-up, replaced or other account's token, wait out the hour.
      const untrusted: Array<Record<string, string>> = [
        { browser: 'stranger-browser-new' },
        { device: 'x'.repeat(43) },
        { device: first },
        { device: othersDevice },
        {},
      ];
      for (const metadata of untrusted) {
        expect((await attempt(metadata)).message).toContain('Too many sign-in attempts. Please wait');
      }
      // The owner's browser, trusted at its last sign-in, signs in (handed its next token), and still meets its own minute.
      const renewed = await trust(email, device);
      for (let index = 0; index < AUTH_THROTTLE.attempts; index += 1) await attempt({ device: renewed }, 'Wrong-password-1!');
      expect((await attempt({ device: renewed })).message).toContain(MESSAGES.signInThrottled(5));
      clock.advance(AUTH_THROTTLE.windowMs);
      expect((await attempt({ device: renewed })).name).toBe('no error');
    } finally {
      clock.restore();
    }
  });

  it('keeps the latest 10 trusted browsers of an account, each for 180 days, one token per browser', async () => {
    const account = randomUUID();
    const now = Date.parse('2030-03-04T08:00:00Z');
    const tokens = [];
    for (let index = 0; index <= TRUSTED_DEVICES.perAccount; index += 1) tokens.push(await trustDevice(account, { token: undefined }, now + index));
    const trusted = async (token: string, at = now + 1_000) => (await trustedDeviceOf(account, token, at)) !== null;
    expect(await trusted(tokens[0]!)).toBe(false);
    for (const token of tokens.slice(1)) expect(await trusted(token)).toBe(true);
    // A browser's new token takes the place of its old one, leaving the others as they were.
    const renewed = await trustDevice(account, { token: tokens[1]! }, now + 2_000);
    expect([await trusted(tokens[1]!, now + 3_000), await trusted(renewed, now + 3_000), await trusted(tokens[2]!, now + 3_000)]).toEqual([false, true, true]);
    expect(await trusted(renewed, now + 2_000 + TRUSTED_DEVICES.lifetimeMs)).toBe(false);
    expect(await trustedDeviceOf(randomUUID(), renewed, now + 3_000)).toBeNull();
  });

  it('resets a password with the mailed code, once', async () => {
    const email = await confirmedUser();
    const asked = await post('/api/auth/reset-code', { email });
    const unknown = await post('/api/auth/reset-code', { email: newEmail() });
    expect(asked).toEqual({ status: 202, body: { sent: true } });
    expect(unknown).toEqual(asked);
    await local.stack.settle();

    const mails = mailsTo(outbox(), email).filter((mail) => mail.subject === RESET_SUBJECT);
    expect(mails).toHaveLength(1);
    const code = mails[0]!.code!;

    // A session opened with the old password, as whoever made the reset necessary might hold.
    const { RefreshToken: oldSession, IdToken: oldIdToken } = (await signIn(email)).AuthenticationResult!;
    // ...and a browser the account trusted, perhaps theirs.
    const trustedBefore = await trustDevice(subOf(oldIdToken!), { token: undefined }, Date.parse('2030-01-01T00:00:00Z'));

    const weak = await post('/api/auth/reset-password', { email, code, password: 'weak' });
    expect(weak.body.error.message).toBe(MESSAGES.passwordRequirements);
    const badCode = await post('/api/auth/reset-password', { email, code: '12345', password: 'New-password-2!' });
    expect(badCode.body.error.message).toBe(MESSAGES.invalidResetCode);

    // The reset lands a second after the old token was issued (the token's iat counts in seconds).
    const clock = useVirtualClock();
    clock.advance(1_000);
    try {
      expect((await post('/api/auth/reset-password', { email, code, password: 'New-password-2!' })).body).toEqual({ reset: true });
    } finally {
      clock.restore();
    }
    const withOldToken = await fetch(`${local.stack.url}/api/goals`, { headers: { authorization: `Bearer ${oldIdToken}` } });
    expect([withOldToken.status, await withOldToken.json()]).toEqual([401, { message: 'Unauthorized' }]);
    expect((await signIn(email, 'New-password-2!')).AuthenticationResult?.IdToken).toBeTruthy();
    const reused = await post('/api/auth/reset-password', { email, code, password: 'Other-password-3!' });
    expect(reused.body.error.message).toBe('Invalid verification code');
    // The reset ended the sessions opened before it.
    const refresh = cognito.send(
      new InitiateAuthCommand({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: local.stack.pool.clientId, AuthParameters: { REFRESH_TOKEN: oldSession! } }),
    );
    expect((await failure(refresh)).name).toBe('NotAuthorizedException');
    // Nor does the reset leave a browser trusted: its attempts count with strangers' again.
    expect(await trustedDeviceOf(subOf(oldIdToken!), trustedBefore, Date.parse('2030-01-02T00:00:00Z'))).toBeNull();
  });

  it('counts guesses sent all at once: the right code after 29 wrong ones is refused', async () => {
    const email = await confirmedUser();
    await post('/api/auth/reset-code', { email });
    await local.stack.settle();
    const code = mailsTo(outbox(), email).find((mail) => mail.subject === RESET_SUBJECT)!.code!;
    const wrong = code === '000000' ? '000001' : '000000';
    // From an address of their own: the guesses stay under the address's hourly count of resets.
    const guesses = [...Array.from({ length: 29 }, () => wrong), code].map((guess) =>
      postFrom('127.0.0.11', '/api/auth/reset-password', { email, code: guess, password: 'New-password-2!' }),
    );
    expect((await Promise.all(guesses)).map((answer) => answer.status)).toEqual(Array.from({ length: 30 }, () => 400));
    expect((await signIn(email)).AuthenticationResult?.IdToken).toBeTruthy();
  });

  it('holds each requester of the public account routes to their own hour, by address (and browser), whatever token comes along', async () => {
    const email = await confirmedUser();
    const { IdToken } = (await signIn(email)).AuthenticationResult!;
    const tokens: Array<Record<string, string>> = [{}, { authorization: `Bearer ${IdToken}` }, { authorization: 'Bearer made-up' }];
    const asks = [];
    for (let index = 0; index < ACCOUNT_ROUTE_LIMITS.resetCodesPerAddress + 2; index += 1) {
      const body = { email: `someone-${index}@example.com`, browser: `browser-${index % 5}-of-this-address` };
      asks.push(await postFrom('127.0.0.71', '/api/auth/reset-code', body, tokens[index % 3]));
    }
    expect(asks.map((answer) => answer.status)).toEqual([...Array(ACCOUNT_ROUTE_LIMITS.resetCodesPerAddress).fill(202), 429, 429]);
    expect(asks.at(-1)!.body.error).toMatchObject({ code: 'rate_limited', message: MESSAGES.tooManyAuthRequests });

    const oneBrowser = [];
    for (let index = 0; index <= ACCOUNT_ROUTE_LIMITS.resetCodesPerBrowser; index += 1) {
      oneBrowser.push((await postFrom('127.0.0.72', '/api/auth/reset-code', { email, browser: 'one-browser-only' }, tokens[index % 3])).status);
    }
    expect(oneBrowser).toEqual([...Array(ACCOUNT_ROUTE_LIMITS.resetCodesPerBrowser).fill(202), 429]);

    // Only wrong verification codes count: a right one from the same address leaves the count below as it is.
    const newcomer = newEmail();
    await signUp(newcomer);
    const link = mailsTo(outbox(), newcomer)[0]!.link!;
    const rightCode = { email: link.searchParams.get('email'), code: link.searchParams.get('code') };
    expect((await postFrom('127.0.0.73', '/api/auth/verify-email', rightCode)).status).toBe(200);

    const limited = [
      ['/api/auth/reset-password', ACCOUNT_ROUTE_LIMITS.resetsPerAddress, { email, code: '123456', password: 'New-password-2!' }],
      ['/api/auth/verify-email', ACCOUNT_ROUTE_LIMITS.wrongVerificationsPerAddress, { email: newEmail(), code: 'not-the-code' }],
    ] as const;
    for (const [path, limit, body] of limited) {
      const statuses = [];
      for (let index = 0; index <= limit; index += 1) statuses.push((await postFrom('127.0.0.73', path, body, tokens[index % 3])).status);
      expect(statuses, path).toEqual([...Array(limit).fill(400), 429]);
      expect((await postFrom('127.0.0.74', path, body)).status, path).toBe(400);
    }
  });

  it('keeps one live code per address: asked again it mails that same code, at most once a minute and 5 times, never counted by the day', async () => {
    const email = newEmail();
    const userId = randomUUID();
    const morning = Date.parse('2030-01-02T08:00:00Z');
    const first = await issueResetCode(email, userId, 'request-0', morning);
    expect(first).toMatch(/^\d{6}$/);
    // Within the minute nothing is mailed; a retried delivery of the same request mails it again.
    expect(await issueResetCode(email, userId, 'request-1', morning + 30_000)).toBeNull();
    expect(await issueResetCode(email, userId, 'request-0', morning + 30_000)).toBe(first);
    const again = [];
    for (let index = 1; index <= 6; index += 1) again.push(await issueResetCode(email, userId, `again-${index}`, morning + index * 61_000));
    expect(again).toEqual([...Array(RESET_CODE.sendsPerCode - 1).fill(first), null, null]);
    // Once it has expired, the next request gets a new code, and so on all day and the next.
    let at = morning + RESET_CODE.expiryMs;
    const codes = new Set<string>();
    for (let index = 0; index < 100; index += 1, at += RESET_CODE.expiryMs) codes.add((await issueResetCode(email, userId, `later-${index}`, at))!);
    expect(codes.size).toBeGreaterThan(90);
    expect([...codes].every((code) => /^\d{6}$/.test(code))).toBe(true);
    const last = (await issueResetCode(email, userId, 'used-now', at))!;
    expect(await redeemResetCode(email, last, undefined, at + 1_000)).toBe(userId);
    expect(await redeemResetCode(email, last, undefined, at + 1_000)).toBeNull();
    // A used code is no longer live: the next request makes a new one at once.
    expect(await issueResetCode(email, userId, 'after-use', at + 2_000)).toMatch(/^\d{6}$/);
  });

  it("never lets a stranger's requests in someone's name stop the owner getting a working code", async () => {
    const email = await confirmedUser();
    const strangerAsks = async (address: string, count: number) => {
      const statuses = [];
      for (let index = 0; index < count; index += 1) {
        statuses.push((await postFrom(address, '/api/auth/reset-code', { email, browser: `stranger-browser-${index % 3}` })).status);
      }
      return statuses;
    };
    const resetMails = () => mailsTo(outbox(), email).filter((mail) => mail.subject === RESET_SUBJECT);
    const clock = useVirtualClock();
    try {
      // A stranger asks from one address, from a few browsers, then from other addresses: each
      // requester is held to its own count, whatever the address they name.
      const fromOne = await strangerAsks('127.0.0.21', 40);
      expect(fromOne.filter((status) => status === 202)).toHaveLength(3 * ACCOUNT_ROUTE_LIMITS.resetCodesPerBrowser);
      expect(fromOne.filter((status) => status === 429)).toHaveLength(40 - 3 * ACCOUNT_ROUTE_LIMITS.resetCodesPerBrowser);
      for (let minute = 0; minute < 8; minute += 1) {
        await strangerAsks(`127.0.0.${30 + minute}`, 2);
        await local.stack.settle();
        clock.advance(61_000);
      }
      // The owner's mailbox holds one code however often it was mailed, and the owner's own request works.
      expect(resetMails().length).toBeLessThanOrEqual(RESET_CODE.sendsPerCode);
      expect(new Set(resetMails().map((mail) => mail.code!)).size).toBe(1);
      clock.advance(RESET_CODE.expiryMs);
      await strangerAsks('127.0.0.50', 3);
      expect((await postFrom('127.0.0.60', '/api/auth/reset-code', { email, browser: 'owner-browser-1' })).status).toBe(202);
      await local.stack.settle();
      const code = resetMails().at(-1)!.code!;
      const reset = await postFrom('127.0.0.60', '/api/auth/reset-password', { email, code, password: 'New-password-2!' });
      expect(reset).toEqual({ status: 200, body: { reset: true } });
    } finally {
      clock.restore();
    }
    expect((await signIn(email, 'New-password-2!')).AuthenticationResult?.IdToken).toBeTruthy();
  });

  it('cannot be guessed within its attempts, expires after 15 minutes, and is not reissued within a minute', async () => {
    const email = await confirmedUser();
    // From a browser of its own: requests without a browser key share one count per address.
    await post('/api/auth/reset-code', { email, browser: 'guessing-test-browser' });
    await post('/api/auth/reset-code', { email, browser: 'guessing-test-browser' });
    await local.stack.settle();
    const mails = mailsTo(outbox(), email).filter((mail) => mail.subject === RESET_SUBJECT);
    expect(mails).toHaveLength(1);
    const code = mails[0]!.code!;
    const wrong = code === '000000' ? '000001' : '000000';
    for (let guess = 0; guess < 5; guess += 1) {
      expect((await post('/api/auth/reset-password', { email, code: wrong, password: 'New-password-2!' })).status).toBe(400);
    }
    expect((await post('/api/auth/reset-password', { email, code, password: 'New-password-2!' })).status).toBe(400);

    const other = await confirmedUser();
    await post('/api/auth/reset-code', { email: other, browser: 'guessing-test-browser' });
    await local.stack.settle();
    const otherCode = mailsTo(outbox(), other).find((mail) => mail.subject === RESET_SUBJECT)!.code!;
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: resetCodeKey(other),
        UpdateExpression: 'SET expires_at = :past',
        ExpressionAttributeValues: { ':past': Date.now() - 1 },
      }),
    );
    expect((await post('/api/auth/reset-password', { email: other, code: otherCode, password: 'New-password-2!' })).status).toBe(400);
    expect((await signIn(other)).AuthenticationResult?.IdToken).toBeTruthy();
  });

  it('mails one code per request: a delivery whose mail failed runs again on the bus’s retry; a repeated handled one, or another request within the minute, mails nothing', async () => {
    const email = await confirmedUser();
    const request = (id: string) =>
      ({ id, 'detail-type': 'password.reset-requested', detail: { email, occurredAt: new Date().toISOString() } }) as unknown as EventBridgeEvent<
        'password.reset-requested',
        unknown
      >;
    const sesDown = vi.spyOn(SESv2Client.prototype, 'send').mockRejectedValueOnce(new Error('SES is down'));
    await expect(sendResetCode(request('first-delivery'), lambdaContext('auth/send-reset-code'))).rejects.toThrow('SES is down');
    sesDown.mockRestore();
    await sendResetCode(request('first-delivery'), lambdaContext('auth/send-reset-code'));
    await sendResetCode(request('first-delivery'), lambdaContext('auth/send-reset-code'));
    await sendResetCode(request('another-request'), lambdaContext('auth/send-reset-code'));
    const codes = mailsTo(outbox(), email)
      .filter((mail) => mail.subject === RESET_SUBJECT)
      .map((mail) => mail.code!);
    expect(codes).toHaveLength(1);
    expect((await post('/api/auth/reset-password', { email, code: codes[0]!, password: 'New-password-2!' })).status).toBe(200);
  });

  it('over any interleaving of codes and requesters, lets no browser the account does not trust past 25 guesses a day, even with the right code, and never stops its trusted browser', async () => {
    const clock = useVirtualClock();
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.oneof({ arbitrary: fc.constant('new code' as const), weight: 1 }, { arbitrary: fc.integer({ min: 1, max: 250 }), weight: 4 }), {
            minLength: 10,
            maxLength: 30,
          }),
          async (actions) => {
            const email = await confirmedUser();
            const userId = (await accountOf(email))!;
            clock.advance(untilNextDay(clock.now()) + 60_000);
            const issue = async () => (await issueResetCode(email, userId, randomUUID(), clock.now()))!;
            const guess = (requester: number, code: string, device?: string) =>
              postFrom(`127.0.4.${requester}`, '/api/auth/reset-password', { email, code, password: 'Stolen-password-1!', ...(device ? { device } : {}) });
            let code = await issue();
            let guesses = 0;
            // Codes asked for (a new one once the last expired) and wrong guesses from many addresses, in any order...
            for (const action of actions) {
              if (action === 'new code') {
                clock.advance(RESET_CODE.expiryMs);
                code = await issue();
              } else {
                guesses += 1;
                if ((await guess(action, wrongOf(code, guesses))).status !== 400) return false;
              }
            }
            // ...then the rest of the day's guesses, and the right code of a fresh one: refused.
            for (; guesses < RESET_GUESSES.untrustedPerAccount; guesses += 1) await guess(guesses, wrongOf(code, guesses));
            clock.advance(RESET_CODE.expiryMs);
            if ((await guess(251, await issue())).status !== 400) return false;
            // The owner's browser, trusted before, resets with the code it is mailed.
            const device = await trustDevice(userId, { token: undefined }, clock.now());
            clock.advance(RESET_CODE.expiryMs);
            return (await guess(252, await issue(), device)).status === 200;
          },
        ),
        { numRuns: 4 },
      );
    } finally {
      clock.restore();
    }
  });

  it('holds a guessing campaign through the public routes to its day of 25 wrong codes, reports it once, and lets the owner’s trusted browser reset', async () => {
    const email = await confirmedUser();
    const { IdToken } = (await signIn(email)).AuthenticationResult!;
    const trusted = await fetch(`${local.stack.url}/api/auth/device-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${IdToken}` },
      body: '{}',
    });
    const { token: device } = (await trusted.json()) as { token: string };
    const resetMails = () => mailsTo(outbox(), email).filter((mail) => mail.subject === RESET_SUBJECT);
    const sentry = await startSentryDouble({ dataDir: mkdtempSync(join(tmpdir(), 'tempo-sentry-')) });
    vi.stubEnv('SENTRY_DSN', sentry.dsn());
    const clock = useVirtualClock();
    try {
      clock.advance(untilNextDay(clock.now()) + 60_000);
      let guesses = 0;
      for (let round = 1; round <= 6; round += 1) {
        // Each code asked for from an address of its own, then guessed at from others.
        expect((await postFrom(`127.0.6.${round}`, '/api/auth/reset-code', { email, browser: `campaign-browser-${round}` })).status).toBe(202);
        await local.stack.settle();
        const code = resetMails().at(-1)!.code!;
        for (let attempt = 0; attempt < RESET_CODE.attempts; attempt += 1) {
          guesses += 1;
          // Past the day's bound even the right code is refused.
          const tried = guesses > RESET_GUESSES.untrustedPerAccount ? code : wrongOf(code, attempt);
          const answer = await postFrom(`127.0.7.${guesses}`, '/api/auth/reset-password', { email, code: tried, password: 'Stolen-password-1!' });
          expect(answer.body.error.message).toBe(MESSAGES.invalidVerificationCode);
        }
        clock.advance(RESET_CODE.expiryMs);
      }
      expect((await signIn(email)).AuthenticationResult?.IdToken).toBeTruthy();
      const reports = sentry
        .received()
        .flatMap((envelope) => envelope.items.map((item) => item.payload as { exception?: { values?: Array<{ type: string }> } }))
        .filter((payload) => payload.exception?.values?.some((value) => value.type === 'ResetGuessesUsedUp'));
      expect(reports).toHaveLength(1);

      // The owner, on the browser they signed in with, is not held by the campaign.
      expect((await post('/api/auth/reset-code', { email, browser: 'owner-browser-1' })).status).toBe(202);
      await local.stack.settle();
      const code = resetMails().at(-1)!.code!;
      expect(await post('/api/auth/reset-password', { email, code: wrongOf(code), password: 'New-password-2!', device })).toMatchObject({ status: 400 });
      expect(await post('/api/auth/reset-password', { email, code, password: 'New-password-2!', device })).toEqual({ status: 200, body: { reset: true } });
    } finally {
      clock.restore();
      vi.unstubAllEnvs();
      await sentry.close();
    }
  });

  it('lets the owner on a new browser in while strangers hold the account’s sign-ins: a mailed one-time link trusts the browser that opens it', async () => {
    const email = await confirmedUser();
    const linkMails = () => mailsTo(outbox(), email).filter((mail) => mail.subject === MAIL_TEXTS.en.signInLink.subject);
    const ownerBrowser = 'owner-fresh-browser';
    const clock = useVirtualClock();
    try {
      for (let attempt = 0; attempt < AUTH_THROTTLE.accountAttempts; attempt += 1) {
        await signInFrom(email, { browser: `campaign-browser-${attempt}` }, 'Wrong-password-1!');
        clock.advance(1_000);
      }
      expect((await signInFrom(email, { browser: ownerBrowser })).message).toContain('Too many sign-in attempts. Please wait');

      // Asked for, the answer is the same for the account, an address without one and a demo account's.
      const asked = await post('/api/auth/sign-in-link', { email, browser: ownerBrowser });
      expect(asked).toEqual({ status: 202, body: { sent: true } });
      const demoAddress = `visitor@${DEMO.emailDomain}`;
      for (const other of [newEmail(), demoAddress]) expect(await post('/api/auth/sign-in-link', { email: other, browser: ownerBrowser })).toEqual(asked);
      await local.stack.settle();
      expect(mailsTo(outbox(), demoAddress)).toEqual([]);
      const link = linkMails()[0]!.link!;
      expect(`${link.origin}${link.pathname}`).toBe(`${local.stack.url}/sign-in-link`);
      const token = link.searchParams.get('token')!;
      // Kept only as its hash.
      const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: signInLinkKey(token) }));
      expect(Item).toBeDefined();
      expect(JSON.stringify(Item)).not.toContain(token);
      // Asked again within minutes, nothing more is mailed: the link in the mailbox works.
      await post('/api/auth/sign-in-link', { email, browser: ownerBrowser });
      await local.stack.settle();
      expect(linkMails()).toHaveLength(1);

      // Opened once: the browser holds a token for the account, as after a sign-in.
      const opened = await post('/api/auth/sign-in-link/open', { token });
      expect(opened).toEqual({ status: 201, body: { email, token: expect.stringMatching(/^[\w-]{43}$/) } });
      for (const replayed of [token, 'x'.repeat(43)]) {
        expect((await post('/api/auth/sign-in-link/open', { token: replayed })).body.error).toMatchObject({ message_key: 'invalidSignInLink' });
      }
      expect((await signInFrom(email, { browser: ownerBrowser, device: opened.body.token })).name).toBe('no error');
      expect((await signInFrom(email, { browser: 'campaign-browser-new' })).message).toContain('Too many sign-in attempts. Please wait');

      // A link not opened within 15 minutes opens no more.
      clock.advance(SIGN_IN_LINK.mailEveryMs);
      await post('/api/auth/sign-in-link', { email, browser: ownerBrowser });
      await local.stack.settle();
      const late = linkMails().at(-1)!.link!.searchParams.get('token')!;
      expect(late).not.toBe(token);
      clock.advance(SIGN_IN_LINK.expiryMs);
      expect((await post('/api/auth/sign-in-link/open', { token: late })).status).toBe(400);
    } finally {
      clock.restore();
    }
  });

  it('ends with every session the calendar feed’s address and the browsers receiving reminders: “Sign out everywhere” leaves an intruder neither', async () => {
    const email = await confirmedUser();
    const { IdToken } = (await signIn(email)).AuthenticationResult!;
    const userId = subOf(IdToken!);
    const { token: feedToken } = await issueFeed(userId, false, new Date());
    const browser = { endpoint: 'https://push.example.net/send/intruders-browser', keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) }, label: 'Firefox' };
    expect(await saveSubscription(userId, browser, new Date())).not.toBeNull();
    const signedOut = await fetch(`${local.stack.url}/api/auth/sign-out-everywhere`, { method: 'POST', headers: { authorization: `Bearer ${IdToken}` } });
    expect(signedOut.status).toBe(200);
    expect(await subscriptionsOf(userId)).toEqual([]);
    expect(await feedOfOwner(userId, feedToken)).toBeUndefined();
    const { IdToken: again } = (await signIn(email)).AuthenticationResult!;
    const feed = await (await fetch(`${local.stack.url}/api/calendar-feed`, { headers: { authorization: `Bearer ${again}` } })).json();
    expect(feed).toMatchObject({ enabled: true, replaced: { reason: 'sign_out' }, url: null });
  });
});
