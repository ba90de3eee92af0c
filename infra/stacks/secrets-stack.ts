import { Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { resourceName, type AppConfig } from '../config';

export interface SecretsStackProps extends StackProps {
  config: AppConfig;
}

/**
 * Secrets set by hand after the first deploy (docs/deploy.md), and the generated key that
 * encrypts Google tokens in the table. Functions read them at cold start (functions/platform/secrets.ts).
 */
export class SecretsStack extends Stack {
  readonly elevenLabsApiKey: Secret;
  readonly googleClientSecret: Secret;
  readonly googleTokenKey: Secret;
  /** The DSN the functions report errors and traces to; its generated stand-in is no DSN, so nothing is sent until it is set. */
  readonly sentryDsn: Secret;
  /** The VAPID key pair reminders are pushed with (JSON: publicKey, privateKey, subject; `npx web-push generate-vapid-keys`). */
  readonly webPushVapid: Secret;
  /** What CloudFront adds to each request to the API, so the API can refuse requests that went around it (functions/platform/origin.ts). */
  readonly originVerify: Secret;

  constructor(scope: Construct, id: string, props: SecretsStackProps) {
    super(scope, id, props);
    const { config } = props;
    this.elevenLabsApiKey = this.placeholder(config, 'ElevenLabsApiKey', 'elevenlabs-api-key', 'The ElevenLabs API key');
    this.googleClientSecret = this.placeholder(
      config,
      'GoogleClientSecret',
      'google-client-secret',
      'The client secret of the Google OAuth client (Cognito federation and Calendar access)',
    );
    this.webPushVapid = this.placeholder(config, 'WebPushVapid', 'web-push-vapid', 'The VAPID key pair of Web Push reminders');
    this.sentryDsn = this.placeholder(config, 'SentryDsn', 'sentry-dsn', 'The error-reporting DSN of the functions (Sentry or GlitchTip)');
    this.googleTokenKey = new Secret(this, 'GoogleTokenKey', {
      secretName: resourceName(config, 'google-token-key'),
      description: 'Encrypts the Google tokens stored in the table (AES-256-GCM keyed by its SHA-256)',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: config.removalPolicy,
    });
    this.originVerify = this.originVerifySecret(config);
    Validations.of(this.googleTokenKey).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotating this key would make every stored Google token unreadable; sealed tokens carry a version (v1) so a re-keying can be added with a migration.',
    });
  }

  private originVerifySecret(config: AppConfig): Secret {
    const secret = new Secret(this, 'OriginVerify', {
      secretName: resourceName(config, 'origin-verify'),
      description: 'Sent by CloudFront to the API with every request; the API refuses requests without it',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: config.removalPolicy,
    });
    Validations.of(secret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'CloudFront and the functions receive the value at deploy time; a new value (docs/deploy.md) is rolled out by a deploy, which updates both.',
    });
    return secret;
  }

  /** A secret with a generated stand-in value, replaced by the real one with `aws secretsmanager put-secret-value`. */
  private placeholder(config: AppConfig, id: string, name: string, description: string): Secret {
    const secret = new Secret(this, id, {
      secretName: resourceName(config, name),
      description: `${description}; set by hand, see docs/deploy.md`,
      removalPolicy: config.removalPolicy,
    });
    Validations.of(secret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: `${description} is issued by a third party and can only be rotated in its console; rotation is manual (docs/deploy.md).`,
    });
    return secret;
  }
}
