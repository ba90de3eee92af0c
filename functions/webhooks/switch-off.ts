import { ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DAY_MS } from '../../shared/dates';
import { isDemoAddress } from '../../shared/demo';
import { WEBHOOK_LIMITS } from '../../shared/webhooks';
import { cognito, userPool } from '../platform/cognito';
import { log } from '../platform/log';
import { sendMail } from '../platform/mail';
import { appOrigin } from '../platform/site';
import { getSettings } from '../settings/account-settings';
import { switchOffMail } from './webhook-texts';

/**
 * Tells the person a webhook of theirs was switched off, at the address their account has now
 * (found by its `sub`, which no change of address moves), in their language. An account gone, or a
 * demo's address (which receives no mail), is told nothing.
 */
export async function mailSwitchOff(userId: string, url: string): Promise<void> {
  const [to, { settings }] = await Promise.all([addressOf(userId), getSettings(userId)]);
  if (!to || isDemoAddress(to)) return log.info('no address to tell of a webhook switched off', { userId });
  const mail = switchOffMail(url, Math.round(WEBHOOK_LIMITS.switchOffAfterMs / DAY_MS), `${appOrigin()}/settings`, settings.lang);
  await sendMail({ to, ...mail });
}

async function addressOf(sub: string): Promise<string | undefined> {
  const { Users } = await cognito().send(new ListUsersCommand({ UserPoolId: userPool().userPoolId, Filter: `sub = "${sub}"`, Limit: 1 }));
  return Users?.[0]?.Attributes?.find((attribute) => attribute.Name === 'email')?.Value;
}
