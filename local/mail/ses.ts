import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { SES_EVENT_SOURCE } from '../../events/catalogue';
import { nowMs } from '../../functions/platform/clock';
import type { Outbox } from './outbox';

interface SendEmailRequest {
  FromEmailAddress?: string;
  Destination?: { ToAddresses?: string[] };
  Content?: { Simple?: { Subject?: { Data?: string }; Body?: { Text?: { Data?: string } } } };
}

/**
 * SES's mailbox simulator: a mail to bounce@ (a hard bounce) or complaint@simulator.amazonses.com
 * (its recipient marks it as spam), a `+label` allowed before the @, is answered by SES as any other,
 * and then reported as its configuration set reports it (infra/stacks/email-stack.ts): an `Email
 * Bounced` or `Email Complained` event from `aws.ses` on the default bus.
 */
const SIMULATED = /^(bounce|complaint)(\+[^@]*)?@simulator\.amazonses\.com$/i;

/**
 * The local stand-in for SES v2: SendEmail writes each recipient's mail into the outbox, and the
 * mailbox simulator's addresses are reported as SES reports them, on the local bus
 * (AWS_ENDPOINT_URL_EVENTBRIDGE, read at each mail: the stack points it there after this starts),
 * before SendEmail answers, so a test that waits for the bus sees the whole loop.
 */
export async function startLocalSes(outbox: Outbox) {
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || !request.url?.startsWith('/v2/email/outbound-emails')) {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ message: `${request.method} ${request.url} is not served locally` }));
        return;
      }
      const mail = JSON.parse(text) as SendEmailRequest;
      const simple = mail.Content?.Simple;
      const from = mail.FromEmailAddress ?? 'no-reply@tempo.local';
      const messageId = `local-${randomUUID()}`;
      const destination = mail.Destination?.ToAddresses ?? [];
      for (const to of destination) {
        const file = outbox.write({ from, to, subject: simple?.Subject?.Data ?? '', text: simple?.Body?.Text?.Data ?? '' });
        console.log(JSON.stringify({ level: 'info', message: 'mail written to the outbox', to, file }));
      }
      void reportSimulated(destination, { from, messageId }).finally(() => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ MessageId: messageId }));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The events SES puts on the default bus for the simulator's recipients, in SES's shape (the fields its consumers read, and a few more). */
async function reportSimulated(destination: string[], { from, messageId }: { from: string; messageId: string }): Promise<void> {
  const endpoint = process.env.AWS_ENDPOINT_URL_EVENTBRIDGE;
  const timestamp = new Date(nowMs()).toISOString();
  const sent = { timestamp, source: from, messageId, destination, sendingAccountId: '000000000000' };
  const entries = destination.flatMap((address) => {
    const outcome = SIMULATED.exec(address)?.[1]?.toLowerCase();
    if (!outcome) return [];
    const detail =
      outcome === 'bounce'
        ? {
            eventType: 'Bounce',
            bounce: {
              feedbackId: randomUUID(),
              bounceType: 'Permanent',
              bounceSubType: 'General',
              bouncedRecipients: [{ emailAddress: address, action: 'failed', status: '5.1.1', diagnosticCode: 'smtp; 550 5.1.1 user unknown' }],
              timestamp,
              reportingMTA: 'dns; simulator.amazonses.com',
            },
            mail: sent,
          }
        : {
            eventType: 'Complaint',
            complaint: { feedbackId: randomUUID(), complainedRecipients: [{ emailAddress: address }], complaintFeedbackType: 'abuse', timestamp },
            mail: sent,
          };
    return [{ Source: SES_EVENT_SOURCE, DetailType: outcome === 'bounce' ? 'Email Bounced' : 'Email Complained', Detail: JSON.stringify(detail) }];
  });
  if (!entries.length) return;
  if (!endpoint) {
    console.error(JSON.stringify({ level: 'error', message: 'no local bus to report the simulator’s mail on', recipients: entries.length }));
    return;
  }
  try {
    await new EventBridgeClient({ endpoint }).send(new PutEventsCommand({ Entries: entries }));
  } catch (error) {
    console.error(JSON.stringify({ level: 'error', message: 'the simulator’s report did not reach the local bus', error: String(error) }));
  }
}
