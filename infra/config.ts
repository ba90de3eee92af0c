import { existsSync } from 'node:fs';
import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Node } from 'constructs';
import { parseDsn } from '../shared/error-reporting';
import { WEB_DIST } from './paths';

export interface StageSettings {
  /** What `cdk destroy` does to data-bearing resources (table, user pool, buckets, secrets, keys). */
  removalPolicy: RemovalPolicy;
  /** DynamoDB and Cognito refuse deletion while this is on. */
  deletionProtection: boolean;
  /** CloudFormation refuses to delete the stacks while this is on. */
  terminationProtection: boolean;
  /** Lambda and API access logs. */
  logRetention: RetentionDays;
  /** S3 and CloudFront access logs in the log bucket. */
  accessLogExpiryDays: number;
  pointInTimeRecovery: boolean;
}

/** Everything that differs between the stages; docs/deploy.md explains each line. */
export const STAGES = {
  dev: {
    removalPolicy: RemovalPolicy.DESTROY,
    deletionProtection: false,
    terminationProtection: false,
    logRetention: RetentionDays.TWO_WEEKS,
    accessLogExpiryDays: 30,
    pointInTimeRecovery: true,
  },
  prod: {
    removalPolicy: RemovalPolicy.RETAIN,
    deletionProtection: true,
    terminationProtection: true,
    logRetention: RetentionDays.SIX_MONTHS,
    accessLogExpiryDays: 365,
    pointInTimeRecovery: true,
  },
} as const satisfies Record<string, StageSettings>;

export type StageName = keyof typeof STAGES;

export interface AppConfig extends StageSettings {
  stage: StageName;
  /** The site's own domain and its ACM certificate (which CloudFront needs in us-east-1). */
  domain?: { name: string; certificateArn: string };
  /**
   * The API's own domain and its ACM certificate in the stack's region: CloudFront then reaches the
   * API by this name, and the API's execute-api address is switched off.
   */
  apiDomain?: { name: string; certificateArn: string };
  /**
   * The WebSocket API's own domain, given with the API's (API Gateway maps no WebSocket API to a
   * domain an HTTP API has), under the same certificate, which must name it too: CloudFront then
   * reaches the sockets by this name, and their execute-api address is switched off as well.
   */
  socketDomain?: { name: string; certificateArn: string };
  /**
   * Where the site is served: https://<domainName>, or the distribution's address given as
   * siteUrl after the first deploy. Mail links and Google's redirect need it.
   */
  siteUrl?: string;
  /** The OAuth client id of Google as a federated identity provider; its secret is in the secrets stack. */
  googleClientId?: string;
  /** The ElevenLabs agent the voice assistant talks through (`npm run agent` makes it); its API key is in the secrets stack. */
  elevenLabsAgentId?: string;
  /** The prefix of the Cognito hosted UI domain (<prefix>.auth.<region>.amazoncognito.com). */
  authDomainPrefix?: string;
  /** The SES identity mail is sent from. */
  senderEmail?: string;
  /**
   * Cognito sends its own mail (sign-up verification) from senderEmail through SES instead of its
   * default sender (about 50 a day). Cognito refuses an unverified identity, so this is turned on
   * in a deploy after the one that made the identity, once its verification link was opened.
   */
  cognitoMailFromSender: boolean;
  /**
   * The DSN the browser reports to (public by design: it only lets one send events); the functions
   * read theirs from the secrets stack. Without one the SPA loads nothing of the SDK.
   */
  sentryDsn?: string;
  /**
   * The public half of the Web Push VAPID key pair (public by design: browsers subscribe with it);
   * its private half is in the secrets stack. Without one, Settings offers no push.
   */
  webPushPublicKey?: string;
  /** The build every error report names: context sentryRelease, else tempo@<stage>. */
  release: string;
  /** The built SPA to upload; absent on a fresh clone, where the site bucket stays empty. */
  webDist?: string;
}

/** Reads the stage and the optional settings from CDK context (`-c key=value` or cdk.json). */
export function readConfig(node: Node): AppConfig {
  const stage = optional(node, 'stage') ?? 'dev';
  if (!isStage(stage)) throw new Error(`Unknown stage "${stage}": use one of ${Object.keys(STAGES).join(', ')}`);
  const domain = readDomain(node, 'domainName', 'certificateArn', 'us-east-1');
  const siteUrl = domain ? `https://${domain.name}` : optional(node, 'siteUrl')?.replace(/\/$/, '');
  const googleClientId = optional(node, 'googleClientId');
  if (googleClientId && !siteUrl) {
    throw new Error('Google sign-in redirects back to the site: give domainName or siteUrl with googleClientId');
  }
  const senderEmail = optional(node, 'senderEmail');
  const cognitoMailFromSender = optional(node, 'cognitoMailFromSender') === 'true';
  if (cognitoMailFromSender && !senderEmail) {
    throw new Error('cognitoMailFromSender sends Cognito’s mail from the SES sender: give senderEmail (verified) with it');
  }
  const sentryDsn = optional(node, 'sentryDsn');
  if (sentryDsn && !parseDsn(sentryDsn)) throw new Error(`sentryDsn "${sentryDsn}" is not a DSN: https://<publicKey>@<host>/<projectId>`);
  const webDist = optional(node, 'webDist') ?? WEB_DIST;
  const apiDomain = readDomain(node, 'apiDomainName', 'apiCertificateArn', 'the stack’s region');
  const socketDomainName = optional(node, 'socketDomainName');
  if (Boolean(apiDomain) !== Boolean(socketDomainName)) {
    throw new Error(
      'apiDomainName and socketDomainName go together: with the API’s execute-api address the sockets’ is switched off too, and a WebSocket API needs a domain of its own (apiCertificateArn must name both)',
    );
  }
  return {
    stage,
    ...STAGES[stage],
    domain,
    apiDomain,
    socketDomain: apiDomain && socketDomainName ? { name: socketDomainName, certificateArn: apiDomain.certificateArn } : undefined,
    siteUrl,
    googleClientId,
    elevenLabsAgentId: optional(node, 'elevenLabsAgentId'),
    authDomainPrefix: optional(node, 'authDomainPrefix'),
    senderEmail,
    cognitoMailFromSender,
    sentryDsn,
    webPushPublicKey: optional(node, 'webPushPublicKey'),
    release: optional(node, 'sentryRelease') ?? `tempo@${stage}`,
    webDist: existsSync(webDist) ? webDist : undefined,
  };
}

/** A custom domain from two context keys: both or neither. */
function readDomain(node: Node, nameKey: string, certificateKey: string, certificateRegion: string): AppConfig['domain'] {
  const name = optional(node, nameKey);
  const certificateArn = optional(node, certificateKey);
  if (!name && !certificateArn) return undefined;
  if (!name || !certificateArn) throw new Error(`A custom domain needs both ${nameKey} and ${certificateKey} (${certificateRegion})`);
  return { name, certificateArn };
}

/** A context value, with empty strings (as `-c key=` gives) read as absent. */
function optional(node: Node, key: string): string | undefined {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  return String(value);
}

function isStage(name: string): name is StageName {
  return Object.hasOwn(STAGES, name);
}

/** A stack's name: `Tempo-<stage>-<stack>`. */
export function stackName(config: AppConfig, stack: string): string {
  return `Tempo-${config.stage}-${stack}`;
}

/** A name unique per stage, for the resources that carry one. */
export function resourceName(config: AppConfig, name: string): string {
  return `tempo-${config.stage}-${name}`;
}
