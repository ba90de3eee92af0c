import { withErrorReporting } from '../platform/error-reporting';

/** A refusal Cognito shows the person ("PreSignUp failed with error <message>."): the trigger's answer, not a failure. */
export class TriggerRefusal extends Error {}

/**
 * A Cognito trigger (functions/auth/triggers.ts), named by its source: a failure is reported, a
 * refusal is not (functions/platform/error-reporting.ts).
 */
export function cognitoTrigger<E>(source: string, handle: (event: E) => Promise<E>): (event: E) => Promise<E> {
  return (event) => withErrorReporting({ name: source, op: 'function.trigger', isAnswer: (error) => error instanceof TriggerRefusal }, () => handle(event));
}
