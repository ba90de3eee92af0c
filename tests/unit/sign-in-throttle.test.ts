import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { judge } from '../../functions/auth/pre-authentication';
import type { AttemptLog } from '../../functions/auth/sign-in-throttle.repository';
import { AUTH_THROTTLE } from '../../shared/constants';

const empty = (): AttemptLog => ({ attempts: [], blockedUntil: 0, browsers: {}, version: 0 });

/** Runs attempts (browser, time) in order through the rules; answers the times let through per browser. */
function play(attempts: ReadonlyArray<{ browser: string; at: number }>) {
  let log = empty();
  const allowed = new Map<string, number[]>();
  for (const { browser, at } of attempts) {
    const { next, verdict } = judge(log, browser, at);
    if (next) log = next;
    if (verdict === 'allowed') allowed.set(browser, [...(allowed.get(browser) ?? []), at]);
  }
  return allowed;
}

describe('the sign-in throttle', () => {
  it('lets through at most 5 attempts of one browser in any minute, and at most 100 of the account in any hour, whatever the timing', () => {
    const attempts = fc
      .array(fc.record({ browser: fc.constantFrom('a', 'b', 'c'), gap: fc.integer({ min: 0, max: 30_000 }) }), { maxLength: 300 })
      .map((steps) => {
        let at = 0;
        return steps.map(({ browser, gap }) => ({ browser, at: (at += gap) }));
      });
    fc.assert(
      fc.property(attempts, (sequence) => {
        const allowed = play(sequence);
        for (const times of allowed.values()) {
          for (let index = AUTH_THROTTLE.attempts; index < times.length; index += 1) {
            expect(times[index]! - times[index - AUTH_THROTTLE.attempts]!).toBeGreaterThanOrEqual(AUTH_THROTTLE.windowMs);
          }
        }
        const all = [...allowed.values()].flat().sort((x, y) => x - y);
        for (let index = AUTH_THROTTLE.accountAttempts; index < all.length; index += 1) {
          expect(all[index]! - all[index - AUTH_THROTTLE.accountAttempts]!).toBeGreaterThanOrEqual(AUTH_THROTTLE.accountWindowMs);
        }
      }),
    );
  });

  it('doubles the wait while the minute stays full, up to 15 minutes, and never makes another browser wait', () => {
    let log = empty();
    const waits: number[] = [];
    let at = 0;
    for (let attempt = 0; attempt < 40; attempt += 1) {
      const { next, verdict } = judge(log, 'stranger', at);
      if (next) log = next;
      if (verdict !== 'allowed') {
        waits.push(verdict.waitMs);
        at += verdict.waitMs;
      }
    }
    expect(waits.slice(0, 4)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(Math.max(...waits)).toBe(AUTH_THROTTLE.maxCooldownMs);
    expect(judge(log, 'person', at).verdict).toBe('allowed');
  });
});
