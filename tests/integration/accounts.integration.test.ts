import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { CognitoIdentityProviderClient, GetTokensFromRefreshTokenCommand, InitiateAuthCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { EventBridgeEvent } from 'aws-lambda';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_THROTTLE, RESET_CODE } from '../../shared/constants';
import { personNameProblem } from '../../shared/person-name';
import { MESSAGES } from '../../shared/messages';
import { MAIL_TEXTS } from '../../functions/auth/mail-texts';
import { issueResetCode, redeemResetCode } from '../../functions/auth/reset-codes.repository';
import { handler as sendResetCode } from '../../functions/auth/send-reset-code';

const VERIFICATION_SUBJECT = MAIL_TEXTS.en.verification.subject;
const RESET_SUBJECT = MAIL_TEXTS.en.reset.subject;
import { db, tableName } from '../../functions/platform/dynamo';
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
  const newEmail = () => `user-${randomUUID().slice(0, 8)}@example.com`;

  async function confirmedUser(): Promise<string> {
    const email = newEmail();
    await signUp(email);
    const link = new URL(/https?:\/\/\S+/.exec(mailsTo(outbox(), email)[0]!.body)![0]);
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
    const link = new URL(/https?:\/\/\S+/.exec(mail!.body)![0]);
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
    const link = new URL(/https?:\/\/\S+/.exec(verification!.body)![0]);
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
    const trust = async (account: string, replaces?: string) => {
      const { IdToken } = (await signIn(account)).AuthenticationResult!;
      const response = await fetch(`${local.stack.url}/api/auth/device-token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${IdToken}` },
        body: JSON.stringify(replaces ? { replaces } : {}),
      });
      expect(response.status).toBe(201);
      return ((await response.json()) as { token: string }).token;
    };
    const attempt = (metadata: Record<string, string>, password = PASSWORD) =>
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
    const first = await trust(email);
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
      // The owner's two sign-ins above (untrusted then) count in the account's hour as well.
      expect(strangers.filter((name) => name === 'NotAuthorizedException')).toHaveLength(AUTH_THROTTLE.accountAttempts - 2);
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
      // The owner's browser, trusted at its last sign-in, signs in, and still meets its own minute.
      expect((await attempt({ browser: 'owner-browser-1', device })).name).toBe('no error');
      for (let index = 0; index < AUTH_THROTTLE.attempts; index += 1) await attempt({ device }, 'Wrong-password-1!');
      expect((await attempt({ device })).message).toContain(MESSAGES.signInThrottled(5));
      clock.advance(AUTH_THROTTLE.windowMs);
      expect((await attempt({ device })).name).toBe('no error');
    } finally {
      clock.restore();
    }
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
    const code = /\b(\d{6})\b/.exec(mails[0]!.body)![1]!;

    // A session opened with the old password, as whoever made the reset necessary might hold.
    const { RefreshToken: oldSession, IdToken: oldIdToken } = (await signIn(email)).AuthenticationResult!;

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
    expect([withOldToken.status, (await withOldToken.json()).error.code]).toEqual([401, 'unauthorized']);
    expect((await signIn(email, 'New-password-2!')).AuthenticationResult?.IdToken).toBeTruthy();
    const reused = await post('/api/auth/reset-password', { email, code, password: 'Other-password-3!' });
    expect(reused.body.error.message).toBe('Invalid verification code');
    // The reset ended the sessions opened before it.
    const refresh = cognito.send(
      new InitiateAuthCommand({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: local.stack.pool.clientId, AuthParameters: { REFRESH_TOKEN: oldSession! } }),
    );
    expect((await failure(refresh)).name).toBe('NotAuthorizedException');
  });

  it('counts guesses sent all at once: the right code after 30 wrong ones is refused', async () => {
    const email = await confirmedUser();
    await post('/api/auth/reset-code', { email });
    await local.stack.settle();
    const code = /\b(\d{6})\b/.exec(mailsTo(outbox(), email).find((mail) => mail.subject === RESET_SUBJECT)!.body)![1]!;
    const wrong = code === '000000' ? '000001' : '000000';
    const guesses = [...Array.from({ length: 30 }, () => wrong), code].map((guess) =>
      post('/api/auth/reset-password', { email, code: guess, password: 'New-password-2!' }),
    );
    expect((await Promise.all(guesses)).map((answer) => answer.status)).toEqual(Array.from({ length: 31 }, () => 400));
    expect((await signIn(email)).AuthenticationResult?.IdToken).toBeTruthy();
  });

  it('issues at most 10 codes a day to one address, a minute or more apart', async () => {
    const email = newEmail();
    const morning = Date.parse('2030-01-02T08:00:00Z');
    const codes = [];
    for (let index = 0; index < 11; index += 1) codes.push(await issueResetCode(email, `request-${index}`, morning + index * 61_000));
    expect(codes.slice(0, 10).every((code) => /^\d{6}$/.test(String(code)))).toBe(true);
    expect(codes[10]).toBeNull();
    expect(await issueResetCode(email, 'next-day', Date.parse('2030-01-03T08:00:00Z'))).toMatch(/^\d{6}$/);
  });

  it("is never spent nor overwritten by someone else's requests, even past the day's cap; a retry of the same request counts once", async () => {
    const email = newEmail();
    const morning = Date.parse('2030-02-03T08:00:00Z');
    const mailed = (await issueResetCode(email, 'the-person', morning))!;
    // A stranger asks for the same address every minute, well past the day's cap.
    const strangers = [];
    for (let index = 1; index <= 12; index += 1) strangers.push(await issueResetCode(email, `stranger-${index}`, morning + index * 61_000));
    expect(strangers.filter((code) => code !== null)).toHaveLength(RESET_CODE.perDay - 1);
    // The person's code, mailed first, still works, once, and takes the others with it.
    const at = morning + 13 * 61_000;
    expect(await redeemResetCode(email, mailed, at)).toBe(true);
    expect(await redeemResetCode(email, mailed, at)).toBe(false);
    expect(await redeemResetCode(email, strangers[0]!, at)).toBe(false);

    // A retried delivery gets a fresh code in place of its first, and is counted once against the day.
    const next = Date.parse('2030-02-04T08:00:00Z');
    const first = (await issueResetCode(email, 'retried', next))!;
    const again = (await issueResetCode(email, 'retried', next + 1_000))!;
    expect(await redeemResetCode(email, first, next + 2_000)).toBe(first === again);
    for (let index = 1; index < RESET_CODE.perDay; index += 1)
      expect(await issueResetCode(email, `day-${index}`, next + 2_000 + index * 61_000)).toMatch(/^\d{6}$/);
  });

  it('cannot be guessed within its attempts, expires after 15 minutes, and is not reissued within a minute', async () => {
    const email = await confirmedUser();
    await post('/api/auth/reset-code', { email });
    await post('/api/auth/reset-code', { email });
    await local.stack.settle();
    const mails = mailsTo(outbox(), email).filter((mail) => mail.subject === RESET_SUBJECT);
    expect(mails).toHaveLength(1);
    const code = /\b(\d{6})\b/.exec(mails[0]!.body)![1]!;
    const wrong = code === '000000' ? '000001' : '000000';
    for (let guess = 0; guess < 5; guess += 1) {
      expect((await post('/api/auth/reset-password', { email, code: wrong, password: 'New-password-2!' })).status).toBe(400);
    }
    expect((await post('/api/auth/reset-password', { email, code, password: 'New-password-2!' })).status).toBe(400);

    const other = await confirmedUser();
    await post('/api/auth/reset-code', { email: other });
    await local.stack.settle();
    const otherCode = /\b(\d{6})\b/.exec(mailsTo(outbox(), other).find((mail) => mail.subject === RESET_SUBJECT)!.body)![1]!;
    const { Items: otherCodes = [] } = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :codes)',
        ExpressionAttributeValues: { ':pk': `RESET#${other}`, ':codes': 'CODE#' },
      }),
    );
    expect(otherCodes).toHaveLength(1);
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: `RESET#${other}`, SK: otherCodes[0]!.SK },
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
      .map((mail) => /\b(\d{6})\b/.exec(mail.body)![1]!);
    expect(codes).toHaveLength(1);
    expect((await post('/api/auth/reset-password', { email, code: codes[0]!, password: 'New-password-2!' })).status).toBe(200);
  });
});
