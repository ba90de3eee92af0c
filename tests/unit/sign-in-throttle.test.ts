import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { judge } from '../../functions/auth/pre-authentication';
import type { AttemptLog } from '../../functions/auth/sign-in-throttle.repository';
import { AUTH_THROTTLE } from '../../shared/constants';

const empty = (): AttemptLog => ({ attempts: [], blockedUntil: 0, browsers: {}, version: 0 });

/** Runs attempts (browser, time, trusted or not) in order through the rules; answers the times let through per browser. */
function play(attempts: ReadonlyArray<{ browser: string; at: number; trusted?: boolean }>) {
  let log = empty();
  const allowed = new Map<string, number[]>();
  for (const { browser, at, trusted = false } of attempts) {
    const { next, verdict } = judge(log, { key: browser, trusted }, at);
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
      const { next, verdict } = judge(log, { key: 'stranger', trusted: false }, at);
      if (next) log = next;
      if (verdict !== 'allowed') {
        waits.push(verdict.waitMs);
        at += verdict.waitMs;
      }
    }
    expect(waits.slice(0, 4)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(Math.max(...waits)).toBe(AUTH_THROTTLE.maxCooldownMs);
    expect(judge(log, { key: 'person', trusted: false }, at).verdict).toBe('allowed');
  });

  /** Attempts in time order: each a browser of `browsers`, trusted when it is `device#…`, after a gap of up to `maxGap` ms. */
  const sequences = (browsers: string[], maxGap: number, maxLength: number) =>
    fc.array(fc.record({ browser: fc.constantFrom(...browsers), gap: fc.integer({ min: 0, max: maxGap }) }), { maxLength }).map((steps) => {
      let at = 0;
      return steps.map(({ browser, gap }) => ({ browser, at: (at += gap), trusted: browser.startsWith('device#') }));
    });
  const minuteHolds = (times: number[]) => {
    for (let index = AUTH_THROTTLE.attempts; index < times.length; index += 1) {
      expect(times[index]! - times[index - AUTH_THROTTLE.attempts]!).toBeGreaterThanOrEqual(AUTH_THROTTLE.windowMs);
    }
  };

  it("lets a trusted browser through at its own pace however many strangers fail, even past the account's hourly bound", () => {
    // The person tries at most 5 times a minute (every 12 s or more); strangers send from many browsers, as fast as they like.
    const person = fc.array(fc.integer({ min: AUTH_THROTTLE.windowMs / AUTH_THROTTLE.attempts, max: 120_000 }), { minLength: 1, maxLength: 40 });
    fc.assert(
      fc.property(sequences(['s1', 's2', 's3', 's4', 'none'], 2_000, 600), person, (strangers, gaps) => {
        let at = 0;
        const own = gaps.map((gap) => ({ browser: 'device#person', at: (at += gap), trusted: true }));
        const merged = [...strangers, ...own].sort((x, y) => x.at - y.at);
        expect(play(merged).get('device#person')).toEqual(own.map((attempt) => attempt.at));
      }),
    );
  });

  it('still holds a trusted browser to 5 attempts a minute with its waits, and counts none of them in the hourly bound of the others', () => {
    fc.assert(
      fc.property(sequences(['device#a', 'device#b', 's1', 's2'], 20_000, 400), (sequence) => {
        const allowed = play(sequence);
        for (const times of allowed.values()) minuteHolds(times);
        const untrusted = [...allowed.entries()].filter(([browser]) => !browser.startsWith('device#')).flatMap(([, times]) => times);
        untrusted.sort((x, y) => x - y);
        for (let index = AUTH_THROTTLE.accountAttempts; index < untrusted.length; index += 1) {
          expect(untrusted[index]! - untrusted[index - AUTH_THROTTLE.accountAttempts]!).toBeGreaterThanOrEqual(AUTH_THROTTLE.accountWindowMs);
        }
      }),
    );
  });

  it('makes a trusted browser that keeps failing wait, doubling, as any other', () => {
    let log = empty();
    const waits: number[] = [];
    for (let attempt = 0, at = 0; attempt < 8; attempt += 1) {
      const { next, verdict } = judge(log, { key: 'device#stolen', trusted: true }, at);
      if (next) log = next;
      if (verdict !== 'allowed') {
        waits.push(verdict.waitMs);
        at += verdict.waitMs;
      }
    }
    expect(waits).toEqual([5_000, 10_000, 20_000]);
  });
});
