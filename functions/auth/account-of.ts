import { AdminGetUserCommand, UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import { cognito, userPool } from '../platform/cognito';

/** The `sub` of the account an address signs in to, or null when it has none. */
export async function accountOf(email: string): Promise<string | null> {
  try {
    const { UserAttributes = [] } = await cognito().send(new AdminGetUserCommand({ UserPoolId: userPool().userPoolId, Username: email }));
    const sub = UserAttributes.find((attribute) => attribute.Name === 'sub')?.Value;
    if (!sub) throw new Error('Cognito answered a user without its sub');
    return sub;
  } catch (error) {
    if (error instanceof UserNotFoundException) return null;
    throw error;
  }
}
