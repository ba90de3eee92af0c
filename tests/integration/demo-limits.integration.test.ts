import {
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  ListUsersCommand,
  UpdateUserAttributesCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { DAY_MS } from '../../shared/dates';
import { DEMO } from '../../shared/demo';
import { DemoAccountSchema } from '../../shared/demo.schema';
import { GCAL_SCOPES } from '../../shared/gcal';
import { MESSAGES } from '../../shared/messages';
import { demoQuota } from '../../functions/demo/handler';
import { handler as cleanUp } from '../../functions/demo/clean-up';
import { CLEAN_UP_LOOKBACK_DAYS, countDemos, expiredDemos } from '../../functions/demo/register.repository';
import { googleConfig } from '../../functions/gcal/config';
import { oauthClient } from '../../functions/gcal/google';
import { saveConnection } from '../../functions/gcal/tokens.repository';
import { takeQuota } from '../../functions/platform/quota.repository';
import { useVirtualClock } from '../support/clock';
import { useLocalStack } from '../support/local-stack';

const HOUR_MS = 60 * 60_000;

/**
 * What bounds the public demo, through the whole local stack: the stage's ceilings, the address
 * key (an IPv6 host by its /64), what one demo may use (voice, Google), and a deletion that
 * nothing escapes: a changed address, Google being down, sessions left open.
 */
describe('the demo’s bounds', () => {
  const local = useLocalStack('demo-limits', { googleDouble: true, elevenLabsDouble: true });
  const clock = useVirtualClock();
  // Other files share the engine, and the stage's counts are the whole table's: this file's demos
  // live a year on, where no other file's hours or days reach.
  clock.advance(400 * DAY_MS);
  afterAll(clock.restore);
  afterEach(() => vi.unstubAllEnvs());

  /** POST /api/demo as the HTTP server hands it on, from `sourceIp`. */
  const demoFrom = async (sourceIp: string) => {
    const answer = await local.stack.api({ method: 'POST', url: '/api/demo', headers: {}, body: Buffer.alloc(0), sourceIp });
    return { status: answer.status, body: JSON.parse(answer.body) };
  };
  /** A fresh hour, so that no earlier demo counts against its quotas. */
  const nextHour = () => clock.advance(HOUR_MS - (clock.now() % HOUR_MS) + 1_000);
  let addresses = 0;
  /** A new address each time (a documentation prefix, RFC 3849). */
  const freshAddress = () => `2001:db8:${(addresses += 1).toString(16)}::1`;

  const cognitoClient = () =>
    new CognitoIdentityProviderClient({
      endpoint: local.stack.pool.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
  async function visit() {
    const { status, body } = await demoFrom(freshAddress());
    expect(status).toBe(201);
    const account = DemoAccountSchema.parse(body);
    const { AuthenticationResult } = await cognitoClient().send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: local.stack.pool.clientId,
        AuthParameters: { USERNAME: account.email, PASSWORD: account.password },
      }),
    );
    const token = AuthenticationResult!.IdToken!;
    const userId = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
    return { account, token, accessToken: AuthenticationResult!.AccessToken!, refreshToken: AuthenticationResult!.RefreshToken!, userId };
  }
  const call = async (token: string, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${local.stack.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
  const refreshes = (refreshToken: string) =>
    cognitoClient()
      .send(new InitiateAuthCommand({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: local.stack.pool.clientId, AuthParameters: { REFRESH_TOKEN: refreshToken } }))
      .then(
        () => true,
        () => false,
      );
  const cognitoUsersWithSub = async (sub: string) =>
    (await cognitoClient().send(new ListUsersCommand({ UserPoolId: local.stack.pool.userPoolId, Filter: `sub = "${sub}"` }))).Users ?? [];
  /** Whether the register still holds the account, in its own day's partition or carried forward to a later one. */
  async function registered(userId: string): Promise<boolean> {
    const far = new Date(clock.now() + 2 * DAY_MS);
    for (let offset = -12; offset <= 2; offset += 1) {
      const day = new Date(clock.now() + offset * DAY_MS).toISOString().slice(0, 10);
      for await (const demo of expiredDemos(day, far)) if (demo.user_id === userId) return true;
    }
    return false;
  }

  describe('ceilings for the whole stage', () => {
    it('refuses the demo past the hour’s ceiling, from any address, with 429 and the reason', async () => {
      nextHour();
      vi.stubEnv('DEMO_STAGE_PER_HOUR', '2');
      expect((await demoFrom(freshAddress())).status).toBe(201);
      expect((await demoFrom(freshAddress())).status).toBe(201);
      const refused = await demoFrom(freshAddress());
      expect(refused.status).toBe(429);
      expect(refused.body.error).toMatchObject({ code: 'rate_limited', message: MESSAGES.demoFull, message_key: 'demoFull' });

      nextHour();
      expect((await demoFrom(freshAddress())).status).toBe(201);
    });

    it('refuses the demo past the ceiling of accounts alive at once, until the clean-up makes room', async () => {
      nextHour();
      const alive = await countDemos(new Date(clock.now()), 1_000);
      vi.stubEnv('DEMO_ALIVE_AT_ONCE', String(alive + 1));
      expect((await demoFrom(freshAddress())).status).toBe(201);
      const refused = await demoFrom(freshAddress());
      expect(refused.status).toBe(429);
      expect(refused.body.error).toMatchObject({ code: 'rate_limited', message: MESSAGES.demoFull });

      // A day on, the clean-up deletes them all, and there is room again.
      clock.advance(DAY_MS + HOUR_MS);
      expect((await cleanUp()).failed).toBe(0);
      expect(await countDemos(new Date(clock.now()), 1_000)).toBe(0);
      expect((await demoFrom(freshAddress())).status).toBe(201);
    });
  });

  describe('the address key', () => {
    it('counts every address of one IPv6 /64 as one, and another /64 apart', async () => {
      nextHour();
      const quota = demoQuota('2001:db8:aa:1::/64');
      for (let used = 0; used < DEMO.perClientPerHour; used += 1) await takeQuota(quota, new Date(clock.now()));
      const refused = await demoFrom('2001:db8:aa:1:1234:5678:9abc:def0');
      expect(refused.status).toBe(429);
      expect(refused.body.error.message).toBe(MESSAGES.tooManyDemos);
      expect((await demoFrom('2001:0db8:00aa:0001::7')).status).toBe(429);
      expect((await demoFrom('2001:db8:aa:2::1')).status).toBe(201);
    });

    it('counts an IPv4-mapped IPv6 address as the IPv4 address', async () => {
      nextHour();
      const quota = demoQuota('198.51.100.23');
      for (let used = 0; used < DEMO.perClientPerHour; used += 1) await takeQuota(quota, new Date(clock.now()));
      expect((await demoFrom('::ffff:198.51.100.23')).status).toBe(429);
      expect((await demoFrom('198.51.100.24')).status).toBe(201);
    });

    it('never takes the viewer address a client sends: the local server is no CloudFront', async () => {
      nextHour();
      const quota = demoQuota('127.0.0.1');
      for (let used = 0; used < DEMO.perClientPerHour; used += 1) await takeQuota(quota, new Date(clock.now()));
      const forged = await fetch(`${local.stack.url}/api/demo`, { method: 'POST', headers: { 'cloudfront-viewer-address': '2001:db8:ff::1:443' } });
      expect(forged.status).toBe(429);
      expect((await forged.json()).error.message).toBe(MESSAGES.tooManyDemos);
    });
  });

  describe('what one demo may use', () => {
    it('starts as many voice conversations as a demo may, then refuses with 403 and the reason; other people are not capped', async () => {
      nextHour();
      const { token } = await visit();
      for (let started = 0; started < DEMO.voiceConversations; started += 1) {
        expect((await call(token, 'GET', '/api/voice/config')).status).toBe(200);
      }
      const refused = await call(token, 'GET', '/api/voice/config');
      expect(refused).toEqual({
        status: 403,
        body: { error: { code: 'demo_limit', message: MESSAGES.demoVoiceUsedUp, message_key: 'demoVoiceUsedUp' } },
      });

      await local.stack.ensureUser('voice-person@example.com', 'Correct-horse-9!', 'Voice Person');
      const person = await local.stack.signIn('voice-person@example.com', 'Correct-horse-9!');
      for (let started = 0; started <= DEMO.voiceConversations; started += 1) {
        expect((await call(person, 'GET', '/api/voice/config')).status).toBe(200);
      }
    });

    it('refuses to connect Google for a demo with 403 and the reason, and stores nothing', async () => {
      nextHour();
      const { token } = await visit();
      const refused = await call(token, 'POST', '/api/gcal/connect', { write: false });
      expect(refused).toEqual({ status: 403, body: { error: { code: 'demo_limit', message: MESSAGES.demoNoGoogle, message_key: 'demoNoGoogle' } } });
      expect((await call(token, 'GET', '/api/gcal/status')).body).toMatchObject({ connected: false });
    });
  });

  describe('deletion', () => {
    it('refuses a new address through the app client, and deletes by sub a demo whose address was changed all the same', async () => {
      nextHour();
      const { accessToken, userId } = await visit();
      await expect(
        cognitoClient().send(new UpdateUserAttributesCommand({ AccessToken: accessToken, UserAttributes: [{ Name: 'email', Value: 'escaped@example.com' }] })),
      ).rejects.toThrow(/unauthorized attribute/);
      // As it could before the client lost write access to `email`.
      const [user] = await cognitoUsersWithSub(userId);
      await cognitoClient().send(
        new AdminUpdateUserAttributesCommand({
          UserPoolId: local.stack.pool.userPoolId,
          Username: user!.Username!,
          UserAttributes: [{ Name: 'email', Value: 'escaped@example.com' }],
        }),
      );

      clock.advance(DAY_MS + HOUR_MS);
      expect((await cleanUp()).failed).toBe(0);
      expect(await cognitoUsersWithSub(userId)).toEqual([]);
      expect(await registered(userId)).toBe(false);
    });

    it('signs the demo out everywhere and revokes its Google grant at Google; while Google is down the record stays, and the next run deletes it', async () => {
      nextHour();
      const { refreshToken, userId } = await visit();
      // Connected as a demo could before demos were refused Google.
      const google = local.stack.google!;
      const googleAccount = `demo-${userId}@gmail.example`;
      google.signInAs(googleAccount);
      const client = oauthClient(googleConfig());
      const consented = new URL(
        await google.consent(client.generateAuthUrl({ access_type: 'offline', prompt: 'consent', scope: [GCAL_SCOPES.read], state: 's' })),
        'http://x',
      );
      const { tokens } = await client.getToken(consented.searchParams.get('code')!);
      await saveConnection(userId, tokens as Parameters<typeof saveConnection>[1], new Date(clock.now()));
      expect(await refreshes(refreshToken)).toBe(true);

      clock.advance(DAY_MS + HOUR_MS);
      // Google is down: the revocation fails, and is asked once a run (a retry within the run would get through).
      google.failNext(1, 503, { target: 'revoke', account: googleAccount });
      expect((await cleanUp()).failed).toBe(1);
      // Signed out everywhere before Google was asked; the user and its record wait for the next run.
      expect(await refreshes(refreshToken)).toBe(false);
      expect(google.refreshTokensOf(googleAccount).map((issued) => issued.revoked)).toEqual([false]);
      expect(await cognitoUsersWithSub(userId)).toHaveLength(1);
      expect(await registered(userId)).toBe(true);

      // Google stays down longer than the clean-up looks back; the record is carried forward each day.
      for (let day = 0; day <= CLEAN_UP_LOOKBACK_DAYS; day += 1) {
        clock.advance(DAY_MS);
        google.failNext(1, 503, { target: 'revoke', account: googleAccount });
        expect((await cleanUp()).failed).toBe(1);
        google.clearFaults();
      }
      expect(await registered(userId)).toBe(true);
      // Then Google answers.
      clock.advance(HOUR_MS);
      expect(await cleanUp()).toMatchObject({ failed: 0 });
      expect(google.refreshTokensOf(googleAccount).map((issued) => issued.revoked)).toEqual([true]);
      expect(await cognitoUsersWithSub(userId)).toEqual([]);
      expect(await registered(userId)).toBe(false);
    });
  });
});
