import { join } from 'node:path';
import { expect } from '@playwright/test';
import { mailsTo, type ReadMail } from '../../support/outbox';

function outboxDirectory(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the tests through playwright.config.ts');
  return join(dataDir, 'outbox');
}

/** Waits for a mail to an address with a subject and answers the newest. */
export async function waitForMail(to: string, subject: string): Promise<ReadMail> {
  let found: ReadMail | undefined;
  await expect
    .poll(
      () => {
        found = mailsTo(outboxDirectory(), to)
          .filter((mail) => mail.subject === subject)
          .at(-1);
        return found !== undefined;
      },
      { message: `a mail to ${to} with the subject "${subject}"`, timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}
