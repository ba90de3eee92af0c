import { DEMO } from '../../shared/demo';
import { MESSAGES } from '../../shared/messages';
import { clientAddress } from '../platform/client-address';
import { quotaUsedUp } from '../platform/errors';
import { created, httpHandler } from '../platform/http';
import { takeQuota, type Quota } from '../platform/quota.repository';
import { createDemoAccount } from './accounts';
import { countDemos } from './register.repository';

const HOUR_MS = 60 * 60_000;

/** The demo accounts one address may make in an hour. */
export const demoQuota = (address: string): Quota => ({
  key: `demo#client#${address}`,
  limit: DEMO.perClientPerHour,
  windowMs: HOUR_MS,
  message: MESSAGES.tooManyDemos,
});

/** The stage's ceilings (shared/demo.ts), which an operator, or a test, may set lower or higher. */
export function stageCeilings(): { perHour: number; aliveAtOnce: number } {
  const setting = (name: string, fallback: number) => {
    const value = Number(process.env[name]);
    return Number.isInteger(value) && value > 0 ? value : fallback;
  };
  return { perHour: setting('DEMO_STAGE_PER_HOUR', DEMO.stagePerHour), aliveAtOnce: setting('DEMO_ALIVE_AT_ONCE', DEMO.aliveAtOnce) };
}

/**
 * The public demo: a fresh account per visitor, within the address's quota, the stage's hourly
 * ceiling and its ceiling of accounts at once. At the last the visitor waits for the hourly
 * clean-up to make room.
 */
export const handler = httpHandler('demo', {
  'POST /api/demo': async ({ now, event, body }) => {
    await takeQuota(demoQuota(clientAddress(event)), now);
    const ceilings = stageCeilings();
    await takeQuota({ key: 'demo#stage', limit: ceilings.perHour, windowMs: HOUR_MS, message: MESSAGES.demoFull }, now);
    if ((await countDemos(now, ceilings.aliveAtOnce)) >= ceilings.aliveAtOnce) {
      throw quotaUsedUp(MESSAGES.demoFull, Math.ceil((HOUR_MS - (now.getTime() % HOUR_MS)) / 1000));
    }
    return created(await createDemoAccount(now, body.lang));
  },
});
