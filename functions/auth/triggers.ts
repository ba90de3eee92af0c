/**
 * The Cognito user-pool triggers and the functions that serve them (functions/<path>.ts). The CDK
 * attaches them to the user pool; the local stack hands them to cognito-local.
 */
export const COGNITO_TRIGGERS = {
  CustomMessage: 'auth/custom-message',
  PostConfirmation: 'auth/post-confirmation',
  PreAuthentication: 'auth/pre-authentication',
  PostAuthentication: 'auth/post-authentication',
  PreSignUp: 'auth/pre-sign-up',
} as const;

export type CognitoTrigger = keyof typeof COGNITO_TRIGGERS;
