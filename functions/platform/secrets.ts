import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

/**
 * Secrets reach a function as `<NAME>_ARN` (in AWS: read from Secrets Manager once, at cold start)
 * or as `<NAME>` itself (locally and in tests). Either way the code then reads `process.env.<NAME>`,
 * and the secret never sits in the Lambda configuration.
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
