import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { isDemoAddress } from '../../shared/demo';
import { MESSAGES } from '../../shared/messages';
import { personNameProblem } from '../../shared/person-name';
import { cognitoTrigger, TriggerRefusal } from './trigger';
import { COGNITO_TRIGGERS } from './triggers';

/**
 * Cognito trigger before an account is made: a name typed into our sign-up that does not read as a
 * name is refused, and Cognito answers the sign-up with UserLambdaValidationException "PreSignUp
 * failed with error <message>.". A first Google sign-in is let through whatever its Google name:
 * no verification mail goes to it, and every mail escapes the name anyway. The demo's addresses
 * are the demo's alone (a sign-up there would mail a domain that never resolves).
 */
export const handler = cognitoTrigger(COGNITO_TRIGGERS.PreSignUp, async (event: PreSignUpTriggerEvent) => {
  if (event.triggerSource === 'PreSignUp_ExternalProvider') return event;
  if (event.triggerSource === 'PreSignUp_SignUp' && isDemoAddress(event.request.userAttributes.email ?? '')) throw new TriggerRefusal(MESSAGES.invalidEmail);
  const problem = personNameProblem(event.request.userAttributes.name ?? '');
  if (problem) throw new TriggerRefusal(problem);
  return event;
});
