import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from '@playwright/test';

/** One mail of the local stack's outbox (`<DATA_DIR>/outbox/*.eml`), parsed. */
export interface Mail {
  to: string;
  subject: string;
  body: string;
  /** The first web address in the body, if any. */
  link: URL | null;
  /** The first six-digit number in the body, if any. */
  code: string | null;
}

function outboxDirectory(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the tests through playwright.config.ts');
  return join(dataDir, 'outbox');
}

/**
 * Waits for a mail to an address with a subject and answers the newest. File names start with the
 * sending time, so name order is time order.
 */
export async function waitForMail(to: string, subject: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await readOutbox()).filter((mail) => mail.to.toLowerCase() === to.toLowerCase() && mail.subject === subject);
        found = mails.at(-1);
        return found !== undefined;
      },
      { message: `a mail to ${to} with the subject "${subject}"`, timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

async function readOutbox(): Promise<Mail[]> {
  const directory = outboxDirectory();
  const names = await readdir(directory).catch(() => [] as string[]);
  const files = names.filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(files.map(async (file) => parseMail(file, await readFile(join(directory, file), 'utf8'))));
}

/** RFC 5322 with folded headers, as the local outbox writes it: 8bit plain text, RFC 2047 (base64) subjects. */
function parseMail(file: string, raw: string): Mail {
  const text = raw.replace(/\r\n/g, '\n');
  const split = text.indexOf('\n\n');
  const head = (split === -1 ? text : text.slice(0, split)).replace(/\n[ \t]+/g, ' ');
  const body = split === -1 ? '' : text.slice(split + 2);
  const header = (name: string) => new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';

  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  if (encoding && encoding !== '8bit' && encoding !== '7bit') throw new Error(`${file}: unexpected transfer encoding ${encoding}`);
  const link = /https?:\/\/[^\s<>"]+/.exec(body)?.[0];
  return {
    to: header('To').replace(/^.*<(.+)>$/, '$1'),
    subject: header('Subject').replace(/=\?utf-8\?b\?([^?]*)\?=/gi, (_, data: string) => Buffer.from(data, 'base64').toString('utf8')),
    body,
    link: link ? new URL(link) : null,
    code: /\b(\d{6})\b/.exec(body)?.[1] ?? null,
  };
}
