import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
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
import { passwordMeetsRules } from '../../shared/accounts';
import { PASSWORD_MIN_LENGTH } from '../../shared/constants';
import { BLOCKED_COGNITO_CALL, BLOCKED_COGNITO_TARGETS, COGNITO_TRIGGERS, type CognitoTrigger } from '../../functions/auth/triggers';
import { loadHandler } from '../functions';
import type { Outbox } from '../mail/outbox';
import { userPoolVerifier } from '../../functions/platform/token-verifier';

/** What a person may change about themselves through the app client: their name, as in AWS (infra/stacks/auth-stack.ts, no Google sign-in here). */
const CLIENT_WRITE_ATTRIBUTES: readonly string[] = ['name'];

/** The `iss` of the local pool's tokens (Cognito's is https://cognito-idp.<region>.amazonaws.com/<pool id>). */
export const localIssuer = (pool: LocalPool) => `${pool.endpoint}/${pool.userPoolId}`;

export interface LocalPool {
  endpoint: string;
  userPoolId: string;
  clientId: string;
}

/* cognito-local's building blocks, composed here as its own server does, with three changes that
   make it behave like Cognito in AWS: triggers run this project's handlers, mail goes to the
   outbox, and the pre-authentication trigger and password policy (which it lacks) are applied. */
const cognitoLocal = createRequire(createRequire(import.meta.url).resolve('cognito-local/package.json'));
/* eslint-disable @typescript-eslint/no-explicit-any */
const { TriggersService, LambdaService, MessagesService, DateClock } = cognitoLocal('./lib/services') as any;
const { CognitoServiceFactoryImpl } = cognitoLocal('./lib/services/cognitoService') as any;
const { CryptoService } = cognitoLocal('./lib/services/crypto') as any;
const { StormDBDataStoreFactory } = cognitoLocal('./lib/services/dataStore/stormDb') as any;
const { MessageDeliveryService } = cognitoLocal('./lib/services/messageDelivery/messageDelivery') as any;
const { otp } = cognitoLocal('./lib/services/otp') as any;
const { JwtTokenGenerator } = cognitoLocal('./lib/services/tokenGenerator') as any;
const { UserPoolServiceFactoryImpl } = cognitoLocal('./lib/services/userPoolService') as any;
const { DefaultConfig } = cognitoLocal('./lib/server/config') as any;
const { Router } = cognitoLocal('./lib/server/Router') as any;
const { createServer } = cognitoLocal('./lib/server/server') as any;
const { CognitoError, InvalidPasswordError, NotAuthorizedError, UserLambdaValidationError } = cognitoLocal('./lib/errors') as any;
const pino = cognitoLocal('pino') as (options: object) => unknown;
/* eslint-enable @typescript-eslint/no-explicit-any */

type TriggerHandler = (event: unknown, context: unknown) => Promise<unknown>;

/** A Lambda client for cognito-local that invokes the trigger's handler in this process. */
const inProcessLambda = {
  invoke({ FunctionName, Payload }: { FunctionName: string; Payload: string }) {
    return {
      promise: async () => {
        try {
          const handler = await loadHandler<TriggerHandler>(COGNITO_TRIGGERS[FunctionName as CognitoTrigger]);
          const result = await handler(JSON.parse(Payload), { functionName: FunctionName });
          return { StatusCode: 200, Payload: JSON.stringify(result) };
        } catch (error) {
          const errorMessage = error instanceof Error ? error.message : String(error);
          return { StatusCode: 200, FunctionError: 'Unhandled', Payload: JSON.stringify({ errorMessage }) };
        }
      },
    };
  },
};

/**
 * A local Cognito: cognito-local in process, state under `dataDir`, the user pool and app client
 * made on first start and remembered in pool.json.
 */
export async function startCognito(options: { dataDir: string; port: number; outbox: Outbox }) {
  const { dataDir, port, outbox } = options;
  mkdirSync(join(dataDir, 'db'), { recursive: true });
  const endpoint = `http://127.0.0.1:${port}`;
  const config = {
    ...DefaultConfig,
    TokenConfig: { IssuerDomain: endpoint },
    ServerConfig: { ...DefaultConfig.ServerConfig, hostname: '127.0.0.1', port },
    // Named by trigger, as Cognito names them in a refusal ("PreSignUp failed with error ...").
    TriggerFunctions: {
      CustomMessage: 'CustomMessage',
      PostAuthentication: 'PostAuthentication',
      PostConfirmation: 'PostConfirmation',
      PreSignUp: 'PreSignUp',
      PreTokenGeneration: 'PreTokenGeneration',
    },
  };
  const logger = pino({ level: process.env.COGNITO_LOG_LEVEL ?? 'error' });
  const clock = new DateClock();
  const dataStores = new StormDBDataStoreFactory(join(dataDir, 'db'));
  const pools = await new CognitoServiceFactoryImpl(join(dataDir, 'db'), dataStores, new UserPoolServiceFactoryImpl(clock, dataStores)).create(
    { logger },
    config.UserPoolDefaults,
  );
  const triggers = new TriggersService(clock, pools, new LambdaService(config.TriggerFunctions, inProcessLambda), new CryptoService(config.KMSConfig));
  const outboxSender = {
    sendEmail: async (_ctx: unknown, _user: unknown, destination: string, message: { emailSubject?: string; emailMessage?: string }) => {
      outbox.write({ from: 'Tempo <no-reply@tempo.local>', to: destination, subject: message.emailSubject ?? '', text: message.emailMessage ?? '' });
    },
    sendSms: async () => undefined,
  };
  const services = {
    clock,
    cognito: pools,
    config,
    messages: new MessagesService(triggers, new MessageDeliveryService(outboxSender)),
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  const server = (await createServer(withCognitoRules(Router(services), services), logger, config.ServerConfig, services).start()) as Server;

  const client = new CognitoIdentityProviderClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const pool = await ensurePool(client, join(dataDir, 'pool.json'), endpoint);

  return {
    pool,
    /** Verifies tokens exactly as the HTTP API's JWT authorizer would for this pool and client. */
    verifier: userPoolVerifier(localIssuer(pool), pool.clientId),
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
        new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: pool.clientId, AuthParameters: { USERNAME: email, PASSWORD: password } }),
      );
      const token = answer.AuthenticationResult?.IdToken;
      if (!token) throw new Error(`no token for ${email}`);
      return token;
    },
    stop: async () => {
      client.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

type Target = (ctx: { logger: unknown }, request: Record<string, unknown>) => Promise<unknown>;

/* eslint-disable @typescript-eslint/no-explicit-any -- cognito-local's services carry no types */
/**
 * What Cognito does and cognito-local does not: enforce the pool's password policy on sign-up and
 * on an administrator's AdminSetUserPassword, run the pre sign-up trigger for AdminCreateUser, run
 * the pre-authentication trigger before a password sign-in (its error refuses the sign-in), answer
 * a wrong password as Cognito does, refresh tokens through GetTokensFromRefreshToken, send a new
 * verification link (ResendConfirmationCode), end a user's sessions (AdminUserGlobalSignOut) and
 * refuse an attribute the app client may not write (UpdateUserAttributes, DeleteUserAttributes).
 * And what the user pool's web ACL does in AWS (infra/stacks/auth-stack.ts): refuse the password
 * calls that would go around the app's own reset rules (BLOCKED_COGNITO_TARGETS).
 */
function withCognitoRules(router: (target: string) => Target, services: any) {
  return (target: string): Target => {
    if ((BLOCKED_COGNITO_TARGETS as readonly string[]).includes(target)) {
      return async () => {
        throw new CognitoError(BLOCKED_COGNITO_CALL.type, BLOCKED_COGNITO_CALL.message);
      };
    }
    if (target === 'ResendConfirmationCode') {
      // A new code through the CustomMessage trigger, as Cognito does. An unknown or confirmed
      // address is answered alike and sent nothing, so the answer tells nothing about accounts.
      return async (ctx, request) => {
        const pool = await services.cognito.getUserPoolForClientId(ctx, request.ClientId);
        const user = await pool.getUserByUsername(ctx, String(request.Username));
        const delivery = { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: String(request.Username) };
        if (!user || user.UserStatus !== 'UNCONFIRMED') return { CodeDeliveryDetails: delivery };
        const code = services.otp();
        await pool.saveUser(ctx, { ...user, ConfirmationCode: code, UserLastModifiedDate: services.clock.get() });
        await services.messages.deliver(ctx, 'ResendCode', request.ClientId, pool.options.Id, user, code, request.ClientMetadata, delivery);
        return { CodeDeliveryDetails: delivery };
      };
    }
    if (target === 'ConfirmSignUp') {
      // The mailed code proves the address: Cognito marks an auto-verified email verified; cognito-local leaves it unset.
      return async (ctx, request) => {
        const answer = await router(target)(ctx, request);
        const pool = await services.cognito.getUserPoolForClientId(ctx, request.ClientId);
        const user = await pool.getUserByUsername(ctx, String(request.Username));
        const attributes = (user.Attributes as Array<{ Name: string; Value: string }>).filter(({ Name }) => Name !== 'email_verified');
        await pool.saveUser(ctx, { ...user, Attributes: [...attributes, { Name: 'email_verified', Value: 'true' }] });
        return answer;
      };
    }
    if (target === 'AdminUserGlobalSignOut') {
      // Cognito revokes every refresh token of the user; cognito-local keeps them on the user.
      return async (ctx, request) => {
        const pool = await services.cognito.getUserPool(ctx, request.UserPoolId);
        const user = await pool.getUserByUsername(ctx, String(request.Username));
        if (user) await pool.saveUser(ctx, { ...user, RefreshTokens: [] });
        return {};
      };
    }
    if (target === 'UpdateUserAttributes' || target === 'DeleteUserAttributes') {
      // Cognito refuses what the app client may not write; cognito-local stores WriteAttributes and ignores them.
      return async (ctx, request) => {
        const names = ((request.UserAttributes as Array<{ Name: string }> | undefined) ?? []).map(({ Name }) => Name);
        const refused = [...names, ...((request.UserAttributeNames as string[] | undefined) ?? [])].filter((name) => !CLIENT_WRITE_ATTRIBUTES.includes(name));
        if (refused.length > 0) throw new NotAuthorizedError('A client attempted to write unauthorized attribute');
        return router(target)(ctx, request);
      };
    }
    if (target === 'GetTokensFromRefreshToken') {
      // Amplify refreshes with this newer call, which cognito-local lacks; REFRESH_TOKEN_AUTH is the same exchange.
      return (ctx, request) =>
        router('InitiateAuth')(ctx, {
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: request.ClientId,
          AuthParameters: { REFRESH_TOKEN: request.RefreshToken },
        });
    }
    const next = router(target);
    return async (ctx, request) => {
      const password = target === 'SignUp' || target === 'AdminSetUserPassword' ? String(request.Password ?? '') : null;
      if (password !== null && !passwordMeetsRules(password)) throw new InvalidPasswordError();
      if (target === 'AdminCreateUser') await runTrigger('PreSignUp', adminCreateUserEvent(request));
      if (target === 'InitiateAuth' && request.AuthFlow === 'USER_PASSWORD_AUTH') {
        const pool = await services.cognito.getUserPoolForClientId(ctx, request.ClientId);
        const username = String((request.AuthParameters as Record<string, string> | undefined)?.USERNAME ?? '');
        const user = await pool.getUserByUsername(ctx, username);
        await runTrigger('PreAuthentication', preAuthenticationEvent(request, username, user?.Attributes));
        // Cognito answers a wrong password with NotAuthorizedException; cognito-local says InvalidPassword.
        return next(ctx, request).catch((error: unknown) => {
          throw error instanceof InvalidPasswordError ? new NotAuthorizedError('Incorrect username or password.') : error;
        });
      }
      return next(ctx, request);
    };
  };
}

/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * As Cognito passes it: the user's attributes (`sub` among them) for an account of the pool; for an
 * address without one, only the address typed, so that its attempts are throttled alike.
 */
function preAuthenticationEvent(request: Record<string, unknown>, username: string, attributes: Array<{ Name: string; Value: string }> | undefined) {
  const userAttributes = attributes ? Object.fromEntries(attributes.map(({ Name, Value }) => [Name, Value])) : { email: username };
  return {
    version: '1',
    region: 'local',
    userPoolId: 'local',
    triggerSource: 'PreAuthentication_Authentication',
    userName: username,
    callerContext: { awsSdkVersion: 'local', clientId: String(request.ClientId ?? '') },
    // As Cognito does, the ClientMetadata of InitiateAuth reaches the pre-authentication trigger.
    request: { userAttributes, validationData: {}, clientMetadata: (request.ClientMetadata as Record<string, string> | undefined) ?? {} },
    response: {},
  };
}

function adminCreateUserEvent(request: Record<string, unknown>) {
  const attributes = (request.UserAttributes as Array<{ Name: string; Value: string }> | undefined) ?? [];
  return {
    version: '1',
    region: 'local',
    userPoolId: String(request.UserPoolId ?? ''),
    triggerSource: 'PreSignUp_AdminCreateUser',
    userName: String(request.Username ?? ''),
    callerContext: { awsSdkVersion: 'local', clientId: 'CLIENT_ID_NOT_APPLICABLE' },
    request: { userAttributes: Object.fromEntries(attributes.map(({ Name, Value }) => [Name, Value])), validationData: {}, clientMetadata: {} },
    response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
  };
}

async function runTrigger(trigger: CognitoTrigger, event: object): Promise<void> {
  const handler = await loadHandler<TriggerHandler>(COGNITO_TRIGGERS[trigger]);
  try {
    await handler(event, { functionName: trigger });
  } catch (error) {
    throw new UserLambdaValidationError(`${trigger} failed with error ${error instanceof Error ? error.message : String(error)}.`);
  }
}

async function userSub(client: CognitoIdentityProviderClient, userPoolId: string, email: string): Promise<string> {
  const user = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
  const sub = user.UserAttributes?.find((attribute) => attribute.Name === 'sub')?.Value;
  if (!sub) throw new Error(`user ${email} has no sub`);
  return sub;
}

/**
 * The pool and client made on the first start, kept in pool.json; the endpoint is always this
 * start's (COGNITO_PORT may change between starts), written back so the file tells the truth.
 */
async function ensurePool(client: CognitoIdentityProviderClient, file: string, endpoint: string): Promise<LocalPool> {
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as LocalPool;
    if (saved.endpoint === endpoint) return saved;
    const pool = { ...saved, endpoint };
    writeFileSync(file, JSON.stringify(pool, null, 2));
    return pool;
  }
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
      WriteAttributes: [...CLIENT_WRITE_ATTRIBUTES],
    }),
  );
  const pool = { endpoint, userPoolId: UserPool!.Id!, clientId: UserPoolClient!.ClientId! };
  writeFileSync(file, JSON.stringify(pool, null, 2));
  return pool;
}
