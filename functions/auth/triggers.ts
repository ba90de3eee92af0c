/**
 * The Cognito user-pool triggers and the functions that serve them (functions/<path>.ts). The CDK
 * attaches them to the user pool; the local stack hands them to cognito-local.
 */
export const COGNITO_TRIGGERS = {
  CustomMessage: 'auth/custom-message',
  PostConfirmation: 'auth/post-confirmation',
  PreAuthentication: 'auth/pre-authentication',
  PostAuthentication: 'auth/post-authentication',
  PreTokenGeneration: 'auth/pre-token-generation',
  PreSignUp: 'auth/pre-sign-up',
} as const;

export type CognitoTrigger = keyof typeof COGNITO_TRIGGERS;

/**
 * Cognito's own password calls, which would go around the app's reset rules and caps
 * (functions/auth/): the user pool's web ACL refuses them in AWS, and the local Cognito does too.
 * A password is reset only through POST /api/auth/reset-password; the app never changes one otherwise.
 */
export const BLOCKED_COGNITO_TARGETS = ['ForgotPassword', 'ConfirmForgotPassword', 'ChangePassword'] as const;
/** The refusal's words: only a script calling Cognito itself meets them, never a person on the site. */
export const BLOCKED_COGNITO_CALL = { type: 'ForbiddenException', message: 'Use the app to reset a password: this call is not allowed.' } as const;
