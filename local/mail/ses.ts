import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Outbox } from './outbox';

interface SendEmailRequest {
  FromEmailAddress?: string;
  Destination?: { ToAddresses?: string[] };
  Content?: { Simple?: { Subject?: { Data?: string }; Body?: { Text?: { Data?: string } } } };
}

/** The local stand-in for SES v2: SendEmail writes each recipient's mail into the outbox. */
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
      for (const to of mail.Destination?.ToAddresses ?? []) {
        const file = outbox.write({
          from: mail.FromEmailAddress ?? 'no-reply@tempo.local',
          to,
          subject: simple?.Subject?.Data ?? '',
          text: simple?.Body?.Text?.Data ?? '',
        });
        console.log(JSON.stringify({ level: 'info', message: 'mail written to the outbox', to, file }));
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ MessageId: `local-${Date.now()}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
