import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ReadMail {
  to: string;
  subject: string;
  body: string;
}

/** Every mail in an outbox folder, oldest first, parsed from its .eml file. */
export function readOutbox(directory: string): ReadMail[] {
  let files: string[] = [];
  try {
    files = readdirSync(directory)
      .filter((name) => name.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return files.map((name) => {
    const text = readFileSync(join(directory, name), 'utf8');
    const [head = '', ...rest] = text.split('\r\n\r\n');
    const header = (field: string) => new RegExp(`^${field}: (.*)$`, 'mi').exec(head)?.[1]?.trim() ?? '';
    return { to: header('To'), subject: decodeHeader(header('Subject')), body: rest.join('\r\n\r\n').replace(/\r\n/g, '\n') };
  });
}

/** An RFC 2047 encoded word (`=?UTF-8?B?…?=`, as a mail client reads it) back to its text. */
function decodeHeader(value: string): string {
  return value.replace(/=\?UTF-8\?B\?([A-Za-z0-9+/=]*)\?=/gi, (_, encoded: string) => Buffer.from(encoded, 'base64').toString('utf8'));
}

export function mailsTo(directory: string, address: string): ReadMail[] {
  return readOutbox(directory).filter((mail) => mail.to.toLowerCase() === address.toLowerCase());
}
