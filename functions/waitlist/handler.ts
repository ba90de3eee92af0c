import { PUBLIC_FORM_LIMITS } from '../../shared/constants';
import { MESSAGES } from '../../shared/messages';
import { publishAfterSave } from '../platform/bus';
import { clientAddress } from '../platform/client-address';
import { conflict } from '../platform/errors';
import { created, httpHandler } from '../platform/http';
import { takeQuota } from '../platform/quota.repository';
import { joinWaitingList } from './repository';

/** Puts an address on the waiting list once; a second sign-up with it is refused. Public. */
export const handler = httpHandler('waitlist', {
  'POST /api/waitlist': async ({ body, now, event }) => {
    const email = body.email.toLowerCase();
    const { window, waitlistPerClient } = PUBLIC_FORM_LIMITS;
    await takeQuota({ key: `waitlist#client#${clientAddress(event)}`, limit: waitlistPerClient, windowMs: window, message: MESSAGES.tooManySubmissions }, now);
    const joined = await joinWaitingList(body, now);
    if (!joined) throw conflict(MESSAGES.waitingListDuplicate, { email: MESSAGES.waitingListDuplicate });
    await publishAfterSave('waitlist.joined', { email, occurredAt: now.toISOString() });
    return created({ joined: true });
  },
});
