import type { DetailOf } from '../../events/catalogue';
import { busConsumer, type BusEvent } from '../platform/consumer';
import { log } from '../platform/log';
import { suppress } from './mail-suppressions.repository';

type MailFeedback = 'Email Bounced' | 'Email Complained';

/**
 * Bus consumer of SES's bounces and complaints (the sender identity's configuration set puts them
 * on the default bus): each address that bounced for good (a `Permanent` bounce: no such mailbox or
 * domain; a full mailbox or a slow server is `Transient` and tried again by SES) or whose recipient
 * marked the mail as spam gets no reminder mail any more. Settings shows why. A repeat records
 * nothing new, so it keeps no idempotency record.
 */
export const handler = busConsumer<MailFeedback>('reminders/mail-feedback', recordFeedback, { repeatsAreHarmless: true });

async function recordFeedback(detail: DetailOf<MailFeedback>, event: BusEvent<MailFeedback>): Promise<void> {
  if (event['detail-type'] === 'Email Bounced' && 'bounce' in detail) {
    if (detail.bounce.bounceType !== 'Permanent') return;
    await suppressAll(detail.bounce.bouncedRecipients, 'bounce', detail.bounce.timestamp);
  } else if ('complaint' in detail) {
    await suppressAll(detail.complaint.complainedRecipients, 'complaint', detail.complaint.timestamp);
  }
}

async function suppressAll(recipients: ReadonlyArray<{ emailAddress: string }>, reason: 'bounce' | 'complaint', at: string): Promise<void> {
  await Promise.all(recipients.map(({ emailAddress }) => suppress(emailAddress, { reason, at: new Date(at).toISOString() })));
  log.info('mail to an address stopped', { reason, recipients: recipients.length });
}
