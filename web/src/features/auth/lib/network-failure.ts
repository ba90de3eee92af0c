/**
 * Whether a call to Cognito (or the download of its client) failed for want of a network, the
 * browser offline or Cognito out of its reach, rather than by Cognito's answer: such a failure says
 * nothing of the session. fetch fails with a TypeError; Amplify names it NetworkError.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (navigator.onLine === false) return true;
  return error instanceof TypeError || (error instanceof Error && error.name === 'NetworkError');
}
