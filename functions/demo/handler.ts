import { DEMO } from '../../shared/demo';
import { MESSAGES } from '../../shared/messages';
import { clientAddress } from '../platform/client-address';
import { created, httpHandler } from '../platform/http';
import { takeQuota, type Quota } from '../platform/quota.repository';
import { createDemoAccount } from './accounts';

/** The demo accounts one address may make in an hour. */
export const demoQuota = (address: string): Quota => ({
  key: `demo#client#${address}`,
  limit: DEMO.perClientPerHour,
  windowMs: 60 * 60_000,
  message: MESSAGES.tooManyDemos,
});

/** The public demo: a fresh account per visitor. */
export const handler = httpHandler('demo', {
  'POST /api/demo': async ({ now, event, body }) => {
    await takeQuota(demoQuota(clientAddress(event)), now);
    return created(await createDemoAccount(now, body.lang));
  },
});
