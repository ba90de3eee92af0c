import { BACKUP_RECOVERY_DAYS } from '../../shared/account-deletion';
import { isDemoAddress } from '../../shared/demo';
import { busConsumer } from '../platform/consumer';
import { sendMail } from '../platform/mail';
import { deleteAccount } from './deletion';
import { deletionMail } from './mail-texts';

/**
 * Bus consumer of account.deletion-requested: deletes everything of the account (the request has
 * ended its access already), then mails the person the confirmation in their language. A failure
 * throws, and the bus's retry runs the deletion again from the start (each step may run twice); a
 * deletion that failed every retry waits in the dead-letter queue, whose alarm is reported. A demo
 * account's address is a domain that never resolves: it is mailed nothing.
 */
export const handler = busConsumer<'account.deletion-requested'>('account/delete-account', async ({ userId, email, lang }) => {
  await deleteAccount({ userId, email });
  if (isDemoAddress(email)) return;
  await sendMail({ to: email, ...deletionMail(lang, BACKUP_RECOVERY_DAYS) });
});
