import { AdminGetUserCommand, UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import { RESET_CODE } from '../../shared/constants';
import { isDemoAddress } from '../../shared/demo';
import { nowMs } from '../platform/clock';
import { cognito, userPool } from '../platform/cognito';
import { addressHash, log } from '../platform/log';
import { sendMail } from '../platform/mail';
import { issueResetCode } from './reset-codes.repository';
import { busConsumer } from '../platform/consumer';
import { MAIL_TEXTS } from './mail-texts';

/**
 * Bus consumer of password.reset-requested: mails a code when the address has an account. Done
 * off the request, so the public endpoint answers alike, and as fast, whether or not it has one.
 * A demo account's address gets nothing: it is a domain that never resolves.
 * A failed mail throws, and the bus's retry of the same event mails the code again.
 */
export const handler = busConsumer<'password.reset-requested'>('auth/send-reset-code', async ({ email, lang }, event) => {
  if (isDemoAddress(email)) return;
  try {
    await cognito().send(new AdminGetUserCommand({ UserPoolId: userPool().userPoolId, Username: email }));
  } catch (error) {
    if (error instanceof UserNotFoundException) return;
    throw error;
  }
  const code = await issueResetCode(email, event.id, nowMs());
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
