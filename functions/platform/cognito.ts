import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { clientPerEndpoint } from './endpoint-client';

/** The user pool's API. Locally AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER points at cognito-local. */
export const cognito = clientPerEndpoint('AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER', () => new CognitoIdentityProviderClient({}));

export function userPool(): { userPoolId: string; clientId: string } {
  const userPoolId = process.env.USER_POOL_ID;
  const clientId = process.env.USER_POOL_CLIENT_ID;
  if (!userPoolId || !clientId) throw new Error('USER_POOL_ID and USER_POOL_CLIENT_ID must be set');
  return { userPoolId, clientId };
}
