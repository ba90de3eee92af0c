import { describe, expect, it } from 'vitest';
import { deletionMail } from '../../functions/account/mail-texts';
import { BACKUP_RECOVERY_DAYS, confirmsDeletion } from '../../shared/account-deletion';
import { LANGUAGES } from '../../shared/languages';

describe('deleting an account', () => {
  it('is confirmed by the account’s address, as addresses compare: ignoring case and the spaces around it, nothing else', () => {
    expect(confirmsDeletion('ana@example.com', 'ana@example.com')).toBe(true);
    expect(confirmsDeletion('  Ana@Example.COM ', 'ana@example.com')).toBe(true);
    expect(confirmsDeletion('', 'ana@example.com')).toBe(false);
    expect(confirmsDeletion('ana@example', 'ana@example.com')).toBe(false);
    expect(confirmsDeletion('ana @example.com', 'ana@example.com')).toBe(false);
    expect(confirmsDeletion('DELETE', 'ana@example.com')).toBe(false);
  });

  it('is confirmed by a mail in each language, saying how long the backups keep a copy', () => {
    const subjects = new Set<string>();
    for (const lang of LANGUAGES) {
      const mail = deletionMail(lang, BACKUP_RECOVERY_DAYS);
      subjects.add(mail.subject);
      expect(mail.text).toContain(String(BACKUP_RECOVERY_DAYS));
    }
    expect(subjects.size).toBe(LANGUAGES.length);
  });
});
