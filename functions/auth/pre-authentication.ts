import type { PreAuthenticationTriggerEvent } from 'aws-lambda';
import { AUTH_THROTTLE } from '../../shared/constants';
import { MESSAGES } from '../../shared/messages';
import { nowMs } from '../platform/clock';
import { readAttemptLog, saveAttemptLog, type AttemptLog, type BrowserLog } from './sign-in-throttle.repository';

/**
 * The browser's key the SPA sends as ClientMetadata (a random id it keeps), which Cognito passes to
 * this trigger; a client that sends none shares one key with every other such client. A stranger
 * failing on their browser so never locks the person out on theirs.
 */
const browserOf = (event: PreAuthenticationTriggerEvent) => {
  const given = (event.request as { clientMetadata?: Record<string, string> }).clientMetadata?.browser ?? '';
  return /^[\w-]{8,64}$/.test(given) ? given : 'none';
};

/**
 * The sign-in throttle, where no script can go around it: Cognito runs this before it checks the
 * password, and a refusal says how long to wait. A successful sign-in clears the account's
 * browsers (post-authentication trigger). See AUTH_THROTTLE for the limits.
 */
export async function handler(event: PreAuthenticationTriggerEvent): Promise<PreAuthenticationTriggerEvent> {
  const account = event.request.userAttributes.email ?? event.userName;
  for (let tries = 0; tries < 5; tries += 1) {
    const verdict = await recordAttempt(account, browserOf(event), nowMs());
    if (verdict === 'allowed') return event;
    if (verdict !== 'raced') throw new Error(MESSAGES.signInThrottled(Math.ceil(verdict.waitMs / 1000)));
  }
  throw new Error(MESSAGES.signInThrottled(Math.ceil(AUTH_THROTTLE.cooldownMs / 1000)));
}

type Verdict = 'allowed' | 'raced' | { waitMs: number };

async function recordAttempt(account: string, browser: string, now: number): Promise<Verdict> {
  const log = await readAttemptLog(account);
  const { next, verdict } = judge(log, browser, now);
  if (next === null) return verdict;
  return (await saveAttemptLog(account, next, log.version, now)) ? verdict : 'raced';
}

/**
 * The rules, on the record as read: the log to write (null when nothing changes) and the verdict.
 * Windows slide (attempts are never cleared to start a wait); each wait doubles the last, until
 * the browser has left the account alone for the longest wait (15 min).
 */
export function judge(log: AttemptLog, browser: string, now: number): { next: AttemptLog | null; verdict: Exclude<Verdict, 'raced'> } {
  if (now < log.blockedUntil) return { next: null, verdict: { waitMs: log.blockedUntil - now } };
  const own = log.browsers[browser];
  if (own && now < own.blockedUntil) return { next: null, verdict: { waitMs: own.blockedUntil - now } };

  const remembered = (entry: BrowserLog) => now - entry.lastAt < AUTH_THROTTLE.maxCooldownMs || now < entry.blockedUntil;
  const browsers = Object.fromEntries(Object.entries(log.browsers).filter(([, entry]) => remembered(entry)));
  const attempts = log.attempts.filter((at) => now - at < AUTH_THROTTLE.accountWindowMs);
  const recent = (own?.attempts ?? []).filter((at) => now - at < AUTH_THROTTLE.windowMs);
  const strikes = own && remembered(own) ? own.strikes : 0;

  if (recent.length >= AUTH_THROTTLE.attempts) {
    const waitMs = Math.min(AUTH_THROTTLE.cooldownMs * 2 ** strikes, AUTH_THROTTLE.maxCooldownMs);
    const blocked = { attempts: recent, strikes: strikes + 1, blockedUntil: now + waitMs, lastAt: now };
    const next = { ...log, attempts, blockedUntil: 0, browsers: { ...browsers, [browser]: blocked }, version: log.version + 1 };
    return { next, verdict: { waitMs } };
  }
  if (attempts.length >= AUTH_THROTTLE.accountAttempts) {
    const blockedUntil = attempts[0]! + AUTH_THROTTLE.accountWindowMs;
    return { next: { ...log, attempts, blockedUntil, browsers, version: log.version + 1 }, verdict: { waitMs: blockedUntil - now } };
  }
  const counted = { attempts: [...recent, now], strikes, blockedUntil: 0, lastAt: now };
  return {
    next: { attempts: [...attempts, now], blockedUntil: 0, browsers: { ...browsers, [browser]: counted }, lastBrowser: browser, version: log.version + 1 },
    verdict: 'allowed',
  };
}
