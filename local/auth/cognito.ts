import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  AdminConfirmSignUpCommand,
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  InitiateAuthCommand,
  SignUpCommand,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { createRemoteJWKSet } from 'jose';
import { PASSWORD_MIN_LENGTH } from '../../shared/constants';
import { jwtVerifier } from './jwt';

export interface LocalPool {
  endpoint: string;
  userPoolId: string;
  clientId: string;
}

/**
 * cognito-local as a child process with its state under `dataDir`; the user pool and app client
 * are created on first start and remembered in pool.json beside that state.
 */
export async function startCognito(dataDir: string, port: number) {
  mkdirSync(dataDir, { recursive: true });
  const bin = createRequire(import.meta.url).resolve('cognito-local/lib/bin/start.js');
  const child: ChildProcess = spawn(process.execPath, [bin], {
    cwd: dataDir,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DEBUG: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));

  const endpoint = `http://127.0.0.1:${port}`;
  await waitUntilServing(endpoint, child, output);
  const client = new CognitoIdentityProviderClient({ endpoint });
  const pool = await ensurePool(client, join(dataDir, 'pool.json'), endpoint);

  return {
    pool,
    client,
    /** Verifies tokens exactly as the HTTP API's JWT authorizer would for this pool and client. */
    verifier: jwtVerifier({
      issuer: `${endpoint}/${pool.userPoolId}`,
      clientId: pool.clientId,
      keys: createRemoteJWKSet(new URL(`${endpoint}/${pool.userPoolId}/.well-known/jwks.json`)),
    }),
    /** Signs a confirmed user up unless they exist; answers their `sub`. */
    async ensureUser(email: string, password: string, fullName: string): Promise<string> {
      try {
        return await userSub(client, pool.userPoolId, email);
      } catch (error) {
        if (!(error instanceof UserNotFoundException)) throw error;
      }
      await client.send(
        new SignUpCommand({
          ClientId: pool.clientId,
          Username: email,
          Password: password,
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'name', Value: fullName },
          ],
        }),
      );
      await client.send(new AdminConfirmSignUpCommand({ UserPoolId: pool.userPoolId, Username: email }));
      return userSub(client, pool.userPoolId, email);
    },
    /** Signs in with a password as the web app does (USER_PASSWORD_AUTH) and answers the id token. */
    async signIn(email: string, password: string): Promise<string> {
      const answer = await client.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: pool.clientId,
          AuthParameters: { USERNAME: email, PASSWORD: password },
        }),
      );
      const token = answer.AuthenticationResult?.IdToken;
      if (!token) throw new Error(`no token for ${email}`);
      return token;
    },
    output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function userSub(client: CognitoIdentityProviderClient, userPoolId: string, email: string): Promise<string> {
  const user = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
  const sub = user.UserAttributes?.find((attribute) => attribute.Name === 'sub')?.Value;
  if (!sub) throw new Error(`user ${email} has no sub`);
  return sub;
}

async function ensurePool(client: CognitoIdentityProviderClient, file: string, endpoint: string): Promise<LocalPool> {
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as LocalPool;
  const { UserPool } = await client.send(
    new CreateUserPoolCommand({
      PoolName: 'tempo-local',
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Policies: {
        PasswordPolicy: {
          MinimumLength: PASSWORD_MIN_LENGTH,
          RequireUppercase: true,
          RequireLowercase: true,
          RequireNumbers: true,
          RequireSymbols: true,
        },
      },
    }),
  );
  const { UserPoolClient } = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: UserPool!.Id!,
      ClientName: 'tempo-web',
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    }),
  );
  const pool = { endpoint, userPoolId: UserPool!.Id!, clientId: UserPoolClient!.ClientId! };
  writeFileSync(file, JSON.stringify(pool, null, 2));
  return pool;
}

async function waitUntilServing(endpoint: string, child: ChildProcess, output: string[]): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`cognito-local exited: ${output.join('')}`);
    try {
      await fetch(`${endpoint}/health`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`cognito-local did not start: ${output.join('')}`);
}
