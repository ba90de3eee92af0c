/**
 * What the SPA learns at start from `/config.json`: written beside the built files by the CDK in
 * AWS, served by the local stack on one machine. No secrets: every value is public. A plain type,
 * not a schema: both writers are typed against it, and the first screen should not load zod.
 */
export interface WebConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Set only locally, where Cognito is cognito-local. */
  userPoolEndpoint: string | null;
  /** The hosted-UI domain for Google sign-in; null when no Google client is configured. */
  googleSignIn: { domain: string } | null;
  /** Whether an ElevenLabs agent is configured (or the local double runs); without it the voice panel says so. */
  voice: boolean;
  /** Where the browser reports errors, traces, replays (shared/error-reporting.ts); null sends nothing and loads no SDK. */
  errorReporting: ErrorReportingConfig | null;
  /** The VAPID public key browsers subscribe to reminders with; null when Web Push is not set up. */
  webPush: { publicKey: string } | null;
}

/** A Sentry DSN (sentry.io, self-hosted Sentry or GlitchTip), and what every event it receives carries. */
export interface ErrorReportingConfig {
  dsn: string;
  /** The build that runs, as every report names it. */
  release: string;
  /** The stage: dev, prod, or local. */
  environment: string;
}

/** Cognito's user pool endpoint in a region: where the browser signs in on AWS (cognito-local's address stands in locally). */
export const cognitoEndpoint = (region: string) => `https://cognito-idp.${region}.amazonaws.com`;
