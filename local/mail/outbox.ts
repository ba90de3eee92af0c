import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
}

/**
 * Where the local stack "sends" mail: one RFC 5322 `.eml` file per message, which any mail client
 * opens. Nothing leaves the machine.
 */
export function createOutbox(directory: string) {
  mkdirSync(directory, { recursive: true });
  return {
    directory,
    write(mail: OutgoingMail): string {
      const at = new Date();
      const id = randomUUID();
      // The time first, so name order is sending order; the id keeps two mails of one millisecond apart.
      const file = join(directory, `${at.toISOString().replace(/[:.]/g, '-')}-${recipientInFileName(mail.to)}-${id.slice(0, 8)}.eml`);
      const headers = [
        `From: ${mail.from}`,
        `To: ${mail.to}`,
        `Subject: ${encodeHeader(mail.subject)}`,
        `Date: ${at.toUTCString()}`,
        `Message-ID: <${id}@tempo.local>`,
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: 8bit',
      ];
      writeFileSync(file, `${headers.join('\r\n')}\r\n\r\n${mail.text.replace(/\r?\n/g, '\r\n')}\r\n`);
      return file;
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;

/** The address as a mail's file name holds it, between the time and the id: what a reader looks for first. */
export function recipientInFileName(address: string): string {
  return address.replace(/[^\w.@-]/g, '_');
}

/** Non-ASCII subjects as RFC 2047 encoded words. */
function encodeHeader(value: string): string {
  return /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value).toString('base64')}?=`;
}
