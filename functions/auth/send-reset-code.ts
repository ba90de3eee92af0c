import { RESET_CODE } from '../../shared/constants';
import { isDemoAddress } from '../../shared/demo';
import { nowMs } from '../platform/clock';
import { addressHash, log } from '../platform/log';
import { sendMail } from '../platform/mail';
import { issueResetCode } from './reset-codes.repository';
import { busConsumer } from '../platform/consumer';
import { accountOf } from './account-of';
import { MAIL_TEXTS } from './mail-texts';

/**
 * Bus consumer of password.reset-requested: mails a code when the address has an account. Done
 * off the request, so the public endpoint answers alike, and as fast, whether or not it has one.
 * A demo account's address gets nothing: it is a domain that never resolves.
 * A failed mail throws, and the bus's retry of the same event mails the code again.
 */
export const handler = busConsumer<'password.reset-requested'>('auth/send-reset-code', async ({ email, lang }, event) => {
  if (isDemoAddress(email)) return;
  const userId = await accountOf(email);
  if (!userId) return;
  const code = await issueResetCode(email, userId, event.id, nowMs());
  if (!code) {
    log.info('reset code not mailed again: it was a minute ago, or as often as a code is', { address: addressHash(email) });
    return;
  }
  const texts = MAIL_TEXTS[lang].reset;
  await sendMail({
    to: email,
    subject: texts.subject,
    text: [texts.asked, '', texts.code(code), '', texts.expiry(RESET_CODE.expiryMs / 60_000)].join('\n'),
  });
});
