import { z } from 'zod';

/**
 * What the SPA learns at start from `/config.json`: written beside the built files by the CDK in
 * AWS, served by the local stack on one machine. No secrets: every value is public.
 */
export const WebConfigSchema = z.object({
  region: z.string(),
  userPoolId: z.string(),
  userPoolClientId: z.string(),
  /** Set only locally, where Cognito is cognito-local. */
  userPoolEndpoint: z.string().nullable(),
  /** The hosted-UI domain for Google sign-in; null when no Google client is configured. */
  googleSignIn: z.object({ domain: z.string() }).nullable(),
  /** Whether an ElevenLabs agent is configured (or the local double runs); without it the voice panel says so. */
  voice: z.boolean(),
});
export type WebConfig = z.infer<typeof WebConfigSchema>;
