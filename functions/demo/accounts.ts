import { randomBytes, randomUUID } from 'node:crypto';
import { AdminCreateUserCommand, AdminSetUserPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DEMO } from '../../shared/demo';
import type { DemoAccount } from '../../shared/demo.schema';
import type { Language } from '../../shared/languages';
import { deleteCognitoUser } from '../account/end-access';
import { cognito, userPool } from '../platform/cognito';
import { createSignUpSettings } from '../settings/account-settings';
import { register } from './register.repository';
import { seedDemoData } from './seed';

/**
 * A new demo account: a confirmed Cognito user with a random address and password (no mail is
 * sent: Cognito's invitation is suppressed), registered for the clean-up before anything is stored
 * under it, then its settings and sample items.
 */
export async function createDemoAccount(now: Date, lang: Language): Promise<DemoAccount> {
  const email = `demo-${randomUUID()}@${DEMO.emailDomain}`;
  // 24 random bytes, with a capital, a digit and a symbol for the pool's password policy.
  const password = `Demo-${randomBytes(24).toString('base64url')}7!`;
  const expiresAt = new Date(now.getTime() + DEMO.lifetimeMs).toISOString();
  const { userPoolId } = userPool();

  const { User } = await cognito().send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'name', Value: DEMO.fullName },
      ],
    }),
  );
  const userId = User?.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value;
  if (!userId) throw new Error('Cognito answered a new user without its sub');
  try {
    await register({ userId, email, expiresAt });
  } catch (error) {
    // Unregistered, the clean-up would never find it: remove it now.
    await deleteCognitoUser(email).catch(() => undefined);
    throw error;
  }
  await cognito().send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: email, Password: password, Permanent: true }));
  // A user made by an administrator is confirmed without the post-confirmation trigger.
  await createSignUpSettings(userId, DEMO.fullName, lang);
  await seedDemoData(userId, now);
  return { email, password, expires_at: expiresAt };
}
