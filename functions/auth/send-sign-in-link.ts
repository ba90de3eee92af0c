import { SIGN_IN_LINK } from '../../shared/constants';
import { isDemoAddress } from '../../shared/demo';
import { nowMs } from '../platform/clock';
import { busConsumer } from '../platform/consumer';
import { addressHash, log } from '../platform/log';
import { sendMail } from '../platform/mail';
import { appOrigin } from '../platform/site';
import { accountOf } from './account-of';
import { MAIL_TEXTS } from './mail-texts';
import { issueSignInLink } from './sign-in-links.repository';

/**
 * Bus consumer of auth.sign-in-link-requested: mails a one-time link to /sign-in-link when the
 * address has an account; opened, it makes that browser trusted for the account. Done off the
 * request, so the public endpoint answers alike, and as fast, whether or not it has one. A demo
 * account's address gets nothing: it is a domain that never resolves. A failed mail throws, and
 * the bus's retry of the same event mails a link again.
 */
export const handler = busConsumer<'auth.sign-in-link-requested'>('auth/send-sign-in-link', async ({ email, lang }, event) => {
  if (isDemoAddress(email)) return;
  const userId = await accountOf(email);
  if (!userId) return;
  const token = await issueSignInLink(userId, email, event.id, nowMs());
  if (!token) {
    log.info('sign-in link not mailed: one was a moment ago', { address: addressHash(email) });
    return;
  }
  const texts = MAIL_TEXTS[lang].signInLink;
  await sendMail({
    to: email,
    subject: texts.subject,
    text: [texts.asked, '', texts.open, '', `${appOrigin()}/sign-in-link?token=${token}`, '', texts.expiry(SIGN_IN_LINK.expiryMs / 60_000)].join('\n'),
  });
});
