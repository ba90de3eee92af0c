import { randomBytes } from 'node:crypto';
import webpush from 'web-push';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { REMINDER_SCHEDULES, WEBHOOK_RETRY_SCHEDULES, type OneTimeSchedules } from '../events/schedules';
import type { LocalPool } from './auth/cognito';
import { localFunctionArn } from './scheduler';

/**
 * The AWS credentials the handlers' SDK clients sign with locally: made at random for each process.
 * The engines ignore them, but the local `@connections` API (local/socket-gateway.ts) refuses a
 * request that is not signed with this access key id, as API Gateway refuses one without IAM
 * credentials: nothing else on the machine may post to or close a socket.
 */
export const LOCAL_AWS_CREDENTIALS = {
  accessKeyId: `LOCAL${randomBytes(8).toString('hex').toUpperCase()}`,
  secretAccessKey: randomBytes(30).toString('base64url'),
} as const;

/**
 * Points the handlers' AWS SDK clients at the local engines. Handlers read only these standard
 * variables (and the CDK sets the same names in Lambda), so the same code runs in both places.
 */
export function useLocalEndpoints(options: {
  dynamoEndpoint: string;
  busEndpoint: string;
  tableName: string;
  sesEndpoint?: string;
  cognitoEndpoint?: string;
  /** The WebSocket API's `@connections` endpoint. */
  socketManagementEndpoint?: string;
  /** EventBridge Scheduler's stand-in (local/scheduler.ts). */
  schedulerEndpoint?: string;
}): void {
  Object.assign(process.env, {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: LOCAL_AWS_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_AWS_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: options.dynamoEndpoint,
    AWS_ENDPOINT_URL_EVENTBRIDGE: options.busEndpoint,
    ...(options.sesEndpoint ? { AWS_ENDPOINT_URL_SESV2: options.sesEndpoint } : {}),
    ...(options.cognitoEndpoint ? { AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: options.cognitoEndpoint } : {}),
    ...(options.socketManagementEndpoint ? { WEBSOCKET_MANAGEMENT_ENDPOINT: options.socketManagementEndpoint } : {}),
    ...(options.schedulerEndpoint
      ? {
          AWS_ENDPOINT_URL_SCHEDULER: options.schedulerEndpoint,
          ...localOneTimeSchedules(REMINDER_SCHEDULES),
          ...localOneTimeSchedules(WEBHOOK_RETRY_SCHEDULES),
        }
      : {}),
    TABLE_NAME: options.tableName,
    EVENT_BUS_NAME: 'tempo-local',
    // No CloudFront in front: requests need no origin secret (functions/platform/origin.ts).
    LOCAL_STACK: '1',
    // This machine runs Node 20; Lambda runs the CDK's runtime. The SDK's notice would only add noise.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  });
}

/** What the CDK hands the functions that put a group's one-time schedules (infra/access.ts), as the local stand-in names them. */
const localOneTimeSchedules = ({ group, environment, target }: OneTimeSchedules) => ({
  [`${environment}_SCHEDULE_GROUP`]: `tempo-local-${group}`,
  [`${environment}_FIRE_ARN`]: localFunctionArn(target),
  [`${environment}_SCHEDULER_ROLE_ARN`]: `arn:aws:iam::000000000000:role/tempo-local-${group}`,
  [`${environment}_DEAD_LETTER_ARN`]: `arn:aws:sqs:us-east-1:000000000000:tempo-local-${group}-dead-letters`,
});

/**
 * The key that encrypts Google refresh tokens at rest: from the environment when set, else a
 * development key made once and kept beside the local data, so stored tokens survive a restart.
 */
export function useTokenEncryptionKey(file: string): void {
  if (process.env.TOKEN_ENCRYPTION_KEY) return;
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600 });
  process.env.TOKEN_ENCRYPTION_KEY = readFileSync(file, 'utf8').trim();
}

/**
 * The VAPID key pair reminders are pushed with: from the environment when set, else one made once
 * and kept beside the local data, so browsers' subscriptions survive a restart. Answers the public key.
 */
export function useWebPushKeys(file: string): string {
  if (!process.env.WEB_PUSH_VAPID) {
    if (!existsSync(file)) writeFileSync(file, JSON.stringify({ ...webpush.generateVAPIDKeys(), subject: 'mailto:reminders@tempo.invalid' }), { mode: 0o600 });
    process.env.WEB_PUSH_VAPID = readFileSync(file, 'utf8').trim();
  }
  return (JSON.parse(process.env.WEB_PUSH_VAPID) as { publicKey: string }).publicKey;
}

/** The user pool the account handlers administer. */
export function useUserPool(pool: LocalPool): void {
  Object.assign(process.env, { USER_POOL_ID: pool.userPoolId, USER_POOL_CLIENT_ID: pool.clientId });
}
