import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { personNameProblem } from '../../shared/person-name';

/**
 * Cognito trigger before an account is made (by the sign-up form, or a first Google sign-in): a
 * name that does not read as a name is refused, and Cognito answers the sign-up with
 * UserLambdaValidationException "PreSignUp failed with error <message>.".
 */
export async function handler(event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> {
  const problem = personNameProblem(event.request.userAttributes.name ?? '');
  if (problem) throw new Error(problem);
  return event;
}
