import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { trustedDeviceOf } from '../../functions/auth/trusted-devices.repository';
import { endSessionsBefore } from '../../functions/platform/token-cutoffs.repository';
import { routes } from '../../functions/routes';
import { integrationHarness } from '../support/harness';

const { world, call, user } = integrationHarness({ throttle: { ratePerSecond: 1, burst: 1_000 } });

describe('the JWT authorizer in front of every non-public route', () => {
  const protectedRoutes = routes.filter((route) => !('public' in route));

  it('turns away a request without a token on every protected route', async () => {
    for (const route of protectedRoutes) {
      const answer = await call(route.method, route.path.replace('{id}', '00000000-0000-4000-8000-000000000000'));
      expect(answer.status, route.key).toBe(401);
    }
  });

  it('checks signature, expiry, issuer and audience', async () => {
    const forged = `${(await world.sign({ sub: 'mallory' })).slice(0, -4)}AAAA`;
    const expired = await world.sign({ sub: 'mallory' }, { expiresIn: '-1m' });
    const otherPool = await world.sign({ sub: 'mallory' }, { issuer: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_other' });
    const otherClient = await world.sign({ sub: 'mallory' }, { audience: 'another-app' });
    for (const token of [forged, expired, otherPool, otherClient, 'not-a-jwt']) {
      expect(await call('GET', '/api/goals', { token })).toMatchObject({ status: 401, body: { message: 'Unauthorized' } });
    }
    const good = await world.sign({ sub: 'mallory' });
    expect((await call('GET', '/api/goals', { token: good })).status).toBe(200);
  });

  it('lets the public routes through without a token', async () => {
    expect((await call('POST', '/api/waitlist', { body: { email: 'someone@example.com' } })).status).toBe(201);
    expect((await call('POST', '/api/bug-reports', { body: { name: 'A', email: 'a@example.com', description: 'It broke when I clicked.' } })).status).toBe(201);
  });

  it("refuses on every protected route a token issued before the user's last password reset, and takes one issued since", async () => {
    const alice = await user();
    expect((await alice.get('/api/goals')).status).toBe(200);
    // Resets placed around the token's own issue time, not the test's clock: going through every
    // route may take longer than any margin on a busy machine.
    const issuedAt = Number(JSON.parse(Buffer.from(alice.token.split('.')[1]!, 'base64url').toString()).iat) * 1000;
    // The reset happened after this token was issued.
    await endSessionsBefore(alice.id, new Date(issuedAt + 5_000));
    for (const route of protectedRoutes) {
      const answer = await call(route.method, route.path.replace('{id}', '00000000-0000-4000-8000-000000000000'), { token: alice.token });
      // A body or query the route needs and lacks is refused first (400, before any read); nothing gets further.
      // The 401 is the authorizer's own (docs/openapi.json): a client tells no ended session from a bad token.
      const lacksInput = ('body' in route && !route.body.safeParse({}).success) || ('query' in route && !route.query.safeParse({}).success);
      const expected = lacksInput ? [400, 'validation_failed'] : [401, 'Unauthorized'];
      expect([route.key, answer.status, answer.body?.error?.code ?? answer.body?.message]).toEqual([route.key, ...expected]);
      if (answer.status === 401) expect(answer.body).toEqual({ message: 'Unauthorized' });
    }
    // A reset before it leaves it working, and other users are not touched.
    await endSessionsBefore(alice.id, new Date(issuedAt - 5_000));
    expect((await alice.get('/api/goals')).status).toBe(200);
    await endSessionsBefore(alice.id, new Date(issuedAt + 5_000));
    expect((await (await user()).get('/api/goals')).status).toBe(200);
  });

  it("trusts a browser for the verified token's sub, never for the address its email claim names (which Google sign-in may write)", async () => {
    const [owner, intruder] = [randomUUID(), randomUUID()];
    const token = await world.sign({ sub: intruder, 'cognito:username': `google_${intruder}`, email: `${owner}@example.com`, email_verified: true });
    const answer = await call('POST', '/api/auth/device-token', { token, body: {} });
    expect(answer.status).toBe(201);
    const now = Date.now();
    expect(await trustedDeviceOf(owner, answer.body.token, now)).toBeNull();
    expect(await trustedDeviceOf(`${owner}@example.com`, answer.body.token, now)).toBeNull();
    expect(await trustedDeviceOf(intruder, answer.body.token, now)).not.toBeNull();
  });

  it('answers 404 for a route that does not exist', async () => {
    const alice = await user();
    expect((await alice.get('/api/nothing-here')).status).toBe(404);
  });
});

describe('the per-client limits', () => {
  const limited = integrationHarness({
    clientLimits: { windowMs: 60 * 60_000, perPerson: 30, anonymousPerAddress: 10, perAddress: 60, publicRoutesPerAddress: 1_000 },
  });

  it("count a person by account and anyone else by address: a flood without a token from the person's own address leaves the person's requests alone", async () => {
    const address = '192.0.2.44';
    const flood = [];
    for (let index = 0; index < 25; index += 1) flood.push((await limited.call('POST', '/api/waitlist', { sourceIp: address, body: {} })).status);
    expect(flood.filter((status) => status === 429)).toHaveLength(15);
    const person = await limited.user();
    const polls = [];
    for (let index = 0; index < 32; index += 1) polls.push((await limited.call('GET', '/api/changes', { sourceIp: address, token: person.token })).status);
    expect(polls).toEqual([...Array(30).fill(200), 429, 429]);
    const refused = await limited.call('GET', '/api/changes', { sourceIp: address, token: person.token });
    expect(refused.body).toEqual({ message: 'Too Many Requests' });
    expect((await limited.call('GET', '/api/changes', { sourceIp: '192.0.2.45', token: (await limited.user()).token })).status).toBe(200);
  });

  it('bound everything one address sends: people behind one router share its ceiling, each under their own limit', async () => {
    const router = '192.0.2.46';
    const people = await Promise.all([limited.user(), limited.user(), limited.user()]);
    const statuses = [];
    for (let index = 0; index < 61; index += 1) {
      statuses.push((await limited.call('GET', '/api/changes', { sourceIp: router, token: people[index % 3]!.token })).status);
    }
    // 60 is the address's ceiling; the 61st is the first person's 21st, under their own 30.
    expect(statuses).toEqual([...Array(60).fill(200), 429]);
    expect((await limited.call('GET', '/api/changes', { sourceIp: '192.0.2.47', token: people[0]!.token })).status).toBe(200);
  });
});

describe("the public routes' limits", () => {
  // A route's own throttle of 20 at once (refilled at 1 a second), and 10 requests in the window per address.
  const guarded = integrationHarness({
    throttle: { ratePerSecond: 1, burst: 20 },
    clientLimits: { windowMs: 60 * 60_000, perPerson: 1_000, anonymousPerAddress: 1_000, perAddress: 1_000, publicRoutesPerAddress: 10 },
  });
  const madeUp = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJub2JvZHkifQ.bm90LWEtc2lnbmF0dXJl';

  it("count an address's requests whatever token comes along, so that one address cannot use up a route's throttle for everyone", async () => {
    const flood = [];
    for (let index = 0; index < 30; index += 1) {
      const token = index % 3 === 0 ? undefined : index % 3 === 1 ? madeUp : (await guarded.user()).token;
      flood.push((await guarded.call('POST', '/api/waitlist', { sourceIp: '198.51.100.7', token, body: { email: `flood-${index}@example.com` } })).status);
    }
    expect(flood.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(flood.slice(10)).toEqual(Array(20).fill(429));
    // Another address still finds the route open: the flood's refused requests never reached its throttle.
    const others = [];
    for (let index = 0; index < 5; index += 1) {
      others.push(
        (await guarded.call('POST', '/api/waitlist', { sourceIp: `198.51.100.${20 + index}`, body: { email: `other-${index}@example.com` } })).status,
      );
    }
    expect(others).toEqual(Array(5).fill(201));
  });
});

describe('the stage throttle', () => {
  const throttled = integrationHarness({ throttle: { ratePerSecond: 1, burst: 3 } });

  it('answers 429 past the burst', async () => {
    const alice = await throttled.user();
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await alice.get('/api/changes')).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });
});
