import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { recipientInFileName } from '../../local/mail/outbox';

/** One mail of the local stack's outbox (`<DATA_DIR>/outbox/*.eml`), parsed. */
export interface ReadMail {
  to: string;
  subject: string;
  body: string;
  /** The first web address in the body, if any. */
  link: URL | null;
  /** The first six-digit number in the body, if any. */
  code: string | null;
}

/**
 * The mails to an address in an outbox folder, oldest first (a file's name starts with its sending
 * time). Only the files whose names hold the address are read, so finding a mail costs the same
 * late in a run, among hundreds, as at its start.
 */
export function mailsTo(directory: string, address: string): ReadMail[] {
  const named = `-${recipientInFileName(address)}-`.toLowerCase();
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.endsWith('.eml') && name.toLowerCase().includes(named))
    .sort()
    .map((name) => parseMail(name, readFileSync(join(directory, name), 'utf8')))
    .filter((mail) => mail.to.toLowerCase() === address.toLowerCase());
}

/** RFC 5322 with folded headers, as the local outbox writes it: 8bit plain text, RFC 2047 (base64) subjects. */
function parseMail(file: string, raw: string): ReadMail {
  const text = raw.replace(/\r\n/g, '\n');
  const split = text.indexOf('\n\n');
  const head = (split === -1 ? text : text.slice(0, split)).replace(/\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  if (encoding && encoding !== '8bit' && encoding !== '7bit') throw new Error(`${file}: unexpected transfer encoding ${encoding}`);
  const body = split === -1 ? '' : text.slice(split + 2);
  const link = /https?:\/\/[^\s<>"]+/.exec(body)?.[0];
  return {
    to: header('To').replace(/^.*<(.+)>$/, '$1'),
    subject: header('Subject').replace(/=\?utf-8\?b\?([^?]*)\?=/gi, (_, data: string) => Buffer.from(data, 'base64').toString('utf8')),
    body,
    link: link ? new URL(link) : null,
    code: /\b(\d{6})\b/.exec(body)?.[1] ?? null,
  };
}
