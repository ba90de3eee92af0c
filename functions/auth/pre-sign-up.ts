import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { personNameProblem } from '../../shared/person-name';

/**
 * Cognito trigger before an account is made: a name typed into our sign-up that does not read as a
 * name is refused, and Cognito answers the sign-up with UserLambdaValidationException "PreSignUp
 * failed with error <message>.". A first Google sign-in is let through whatever its Google name:
 * no verification mail goes to it, and every mail escapes the name anyway.
 */
export async function handler(event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> {
  if (event.triggerSource === 'PreSignUp_ExternalProvider') return event;
  const problem = personNameProblem(event.request.userAttributes.name ?? '');
  if (problem) throw new Error(problem);
  return event;
}
