import { randomUUID } from 'node:crypto';
import { PUBLIC_FORM_LIMITS } from '../../shared/constants';
import { MESSAGES } from '../../shared/messages';
import { publishAfterSave } from '../platform/bus';
import { clientAddress } from '../platform/client-address';
import { currentTraceHeaders } from '../platform/error-reporting';
import { created, httpHandler } from '../platform/http';
import { takeQuota } from '../platform/quota.repository';
import { saveBugReport } from './repository';

/**
 * Stores the report and puts it on the bus, with the request's trace, for the consumer that sends it
 * as user feedback (functions/bug-reports/send-feedback.ts). Public: the form also serves signed-out visitors.
 */
export const handler = httpHandler('bug-reports', {
  'POST /api/bug-reports': async ({ body, now, event }) => {
    const id = randomUUID();
    const createdAt = now.toISOString();
    const { window, bugReportsPerClient, bugReportsPerAddress } = PUBLIC_FORM_LIMITS;
    const quota = (key: string, limit: number) => ({ key, limit, windowMs: window, message: MESSAGES.tooManySubmissions });
    await takeQuota(quota(`bugreport#client#${clientAddress(event)}`, bugReportsPerClient), now);
    await takeQuota(quota(`bugreport#address#${body.email.toLowerCase()}`, bugReportsPerAddress), now);
    await saveBugReport(id, body, now);
    await publishAfterSave('bugreport.submitted', { id, ...body, occurredAt: createdAt, trace: currentTraceHeaders() });
    return created({ id });
  },
});
