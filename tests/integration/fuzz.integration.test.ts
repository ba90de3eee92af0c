import { describe, expect, it } from 'vitest';
import { fuzz, storedProblems, type FuzzRequest } from '../support/fuzz';
import { daysFromNow, integrationHarness } from '../support/harness';

// With a user pool, so the routes that administer accounts (the demo's) run whole.
const { world, call, user } = integrationHarness({ userPool: true });

/** 1,000 requests, on dynalite only (vitest.config.ts), within the suite's time; bench/fuzz.bench.ts sends 10,000. */
const REQUESTS = 1_000;

describe('the API, fuzzed from its route table', () => {
  it(
    `answers ${REQUESTS} made-up requests without a server error, each as docs/openapi.json says, and stores nothing that fails its schema`,
    { timeout: 240_000 },
    async () => {
      const owner = await user();
      const other = await user();
      const itemsOf = async (someone: typeof owner) => [
        (await someone.post('/api/goals', { title: 'Goal' })).body.id,
        (await someone.post('/api/tasks', { title: 'Task', due_date: daysFromNow(2) })).body.id,
        (await someone.post('/api/events', { title: 'Event', start_time: daysFromNow(1, 9), end_time: daysFromNow(1, 10) })).body.id,
        (await someone.post('/api/tags', { name: 'tag' })).body.id,
      ];
      const toolCall = `toolu_${owner.id}`;
      await owner.post('/api/voice/tool-calls', { tool_call_id: toolCall, conversation_id: 'c', tool_name: 'createTask', parameters: { title: 'By voice' } });
      const ids = { owner: await itemsOf(owner), other: await itemsOf(other), toolCall };

      const tokens = { owner: owner.token, other: other.token, anonymous: undefined };
      // Signing out everywhere ends the caller's tokens: a third person sends it, so the run goes on
      // with the owner's and the other's (the third's token is refused after its first time).
      const leaving = await user();
      const tokenFor = (request: FuzzRequest) =>
        request.route.key === 'POST /api/auth/sign-out-everywhere' && request.caller !== 'anonymous' ? leaving.token : tokens[request.caller];
      const send = async (request: FuzzRequest) => {
        const answer = await call(request.method, request.url, { token: tokenFor(request), ...(request.body === undefined ? {} : { raw: request.body }) });
        return { status: answer.status, body: answer.body === undefined ? '' : JSON.stringify(answer.body) };
      };
      const run = await fuzz(send, ids, REQUESTS, 20_261_124);
      await world.settle();

      expect(run.requests).toBe(REQUESTS);
      expect(run.problems.slice(0, 10)).toEqual([]);
      // The run reached past validation: some requests were refused, and some changed things.
      expect(Object.keys(run.statuses).map(Number)).toEqual(expect.arrayContaining([200, 201, 204, 400, 401, 404]));
      expect([...(await storedProblems(owner.id)), ...(await storedProblems(other.id))]).toEqual([]);
    },
  );
});
