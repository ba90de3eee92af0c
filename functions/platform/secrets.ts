import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

/**
 * Secrets reach a function as `<NAME>_ARN` (in AWS: read from Secrets Manager once, at cold start)
 * or as `<NAME>` itself (locally and in tests). Either way the code then reads `process.env.<NAME>`.
 * Read by ARN, a secret never sits in the Lambda configuration. One does on purpose: ORIGIN_VERIFY
 * is put into the functions' environment at deploy (a CloudFormation dynamic reference), because
 * CloudFront's origin header carries the same value in plain text in the distribution's
 * configuration anyway: whoever may read a function's configuration learns nothing the
 * distribution does not show, and the API's functions need no Secrets Manager call at cold start.
 */
export async function loadSecrets(names: readonly string[]): Promise<void> {
  const wanted = names.filter((name) => !process.env[name] && process.env[`${name}_ARN`]);
  if (wanted.length === 0) return;
  const client = new SecretsManagerClient({});
  await Promise.all(
    wanted.map(async (name) => {
      const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: process.env[`${name}_ARN`] }));
      if (SecretString) process.env[name] = SecretString;
    }),
  );
  client.destroy();
}
