import type { PreAuthenticationTriggerEvent } from 'aws-lambda';
import { browserKey } from '../../shared/accounts.schema';
import { AUTH_THROTTLE } from '../../shared/constants';
import { MESSAGES } from '../../shared/messages';
import { nowMs } from '../platform/clock';
import { readAttemptLog, saveAttemptLog, type AttemptLog, type BrowserLog } from './sign-in-throttle.repository';
import { trustedDeviceOf } from './trusted-devices.repository';
import { cognitoTrigger, TriggerRefusal } from './trigger';
import { COGNITO_TRIGGERS } from './triggers';

/** Who is trying: the throttle's key for the browser, and whether the account trusts it (a device token it issued). */
export interface Attempt {
  key: string;
  trusted: boolean;
}

/**
 * The browser, from the ClientMetadata the SPA sends, which Cognito passes to this trigger: a
 * device token the account (`userId`, its verified `sub`) issued to it after an earlier sign-in or
 * a mailed link (trusted-devices.repository.ts), else the random id it keeps; a client that sends
 * neither shares one key with every other such client. A stranger failing on their browser so
 * never locks the person out on theirs.
 */
async function attemptOf(event: PreAuthenticationTriggerEvent, userId: string | undefined, now: number): Promise<Attempt> {
  const metadata = (event.request as { clientMetadata?: Record<string, string> }).clientMetadata ?? {};
  const device = userId ? await trustedDeviceOf(userId, metadata.device, now) : null;
  if (device) return { key: device, trusted: true };
  const browser = browserKey.safeParse(metadata.browser);
  return { key: browser.success ? browser.data : 'none', trusted: false };
}

/**
 * The sign-in throttle, where no script can go around it: Cognito runs this before it checks the
 * password, and a refusal says how long to wait. A successful sign-in clears the account's
 * browsers (post-authentication trigger). See AUTH_THROTTLE for the limits.
 */
export const handler = cognitoTrigger(COGNITO_TRIGGERS.PreAuthentication, async (event: PreAuthenticationTriggerEvent) => {
  // Attempts are counted by the address typed; what trusts a browser is the account's sub.
  const { email, sub } = event.request.userAttributes;
  const account = email ?? event.userName;
  const attempt = await attemptOf(event, sub, nowMs());
  for (let tries = 0; tries < 5; tries += 1) {
    const verdict = await recordAttempt(account, attempt, nowMs());
    if (verdict === 'allowed') return event;
    if (verdict !== 'raced') throw new TriggerRefusal(MESSAGES.signInThrottled(Math.ceil(verdict.waitMs / 1000)));
  }
  throw new TriggerRefusal(MESSAGES.signInThrottled(Math.ceil(AUTH_THROTTLE.cooldownMs / 1000)));
});

type Verdict = 'allowed' | 'raced' | { waitMs: number };

async function recordAttempt(account: string, attempt: Attempt, now: number): Promise<Verdict> {
  const log = await readAttemptLog(account);
  const { next, verdict } = judge(log, attempt, now);
  if (next === null) return verdict;
  return (await saveAttemptLog(account, next, log.version, now)) ? verdict : 'raced';
}

/**
 * The rules, on the record as read: the log to write (null when nothing changes) and the verdict.
 * Windows slide (attempts are never cleared to start a wait); each wait doubles the last, until
 * the browser has left the account alone for the longest wait (15 min). Every browser has its
 * own minute; the account-wide hourly bound holds the untrusted browsers together, while a
 * trusted one (OWASP's device cookies) is held by its own minute alone, so that nobody without
 * its token can make it wait.
 */
export function judge(log: AttemptLog, attempt: Attempt, now: number): { next: AttemptLog | null; verdict: Exclude<Verdict, 'raced'> } {
  const { key, trusted } = attempt;
  if (!trusted && now < log.blockedUntil) return { next: null, verdict: { waitMs: log.blockedUntil - now } };
  const own = log.browsers[key];
  if (own && now < own.blockedUntil) return { next: null, verdict: { waitMs: own.blockedUntil - now } };

  const remembered = (entry: BrowserLog) => now - entry.lastAt < AUTH_THROTTLE.maxCooldownMs || now < entry.blockedUntil;
  const browsers = Object.fromEntries(Object.entries(log.browsers).filter(([, entry]) => remembered(entry)));
  const attempts = log.attempts.filter((at) => now - at < AUTH_THROTTLE.accountWindowMs);
  const recent = (own?.attempts ?? []).filter((at) => now - at < AUTH_THROTTLE.windowMs);
  const strikes = own && remembered(own) ? own.strikes : 0;

  if (recent.length >= AUTH_THROTTLE.attempts) {
    const waitMs = Math.min(AUTH_THROTTLE.cooldownMs * 2 ** strikes, AUTH_THROTTLE.maxCooldownMs);
    const blocked = { attempts: recent, strikes: strikes + 1, blockedUntil: now + waitMs, lastAt: now };
    const next = { ...log, attempts, browsers: { ...browsers, [key]: blocked }, version: log.version + 1 };
    return { next, verdict: { waitMs } };
  }
  if (!trusted && attempts.length >= AUTH_THROTTLE.accountAttempts) {
    const blockedUntil = attempts[0]! + AUTH_THROTTLE.accountWindowMs;
    return { next: { ...log, attempts, blockedUntil, browsers, version: log.version + 1 }, verdict: { waitMs: blockedUntil - now } };
  }
  const counted = { attempts: [...recent, now], strikes, blockedUntil: 0, lastAt: now };
  return {
    next: {
      attempts: trusted ? attempts : [...attempts, now],
      blockedUntil: log.blockedUntil,
      browsers: { ...browsers, [key]: counted },
      lastBrowser: key,
      version: log.version + 1,
    },
    verdict: 'allowed',
  };
}
