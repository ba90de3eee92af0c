import type { EventBridgeEvent } from 'aws-lambda';
import { reportError, withErrorReporting } from '../platform/error-reporting';
import { DEAD_LETTER_REPORTER } from './alarm';

/** Of what CloudWatch puts on the default bus when an alarm changes state, what the report reads. */
export interface AlarmStateChange {
  alarmName: string;
  state: { value: 'OK' | 'ALARM' | 'INSUFFICIENT_DATA' };
  configuration?: { description?: string };
}

/** Something failed every attempt and waits in a dead-letter queue: its alarm's description says what. */
export class DeadLettered extends Error {
  override name = 'DeadLettered';
}

/**
 * Reports a dead-letter queue that starts to hold something: its alarm going to ALARM reaches this
 * function through the default bus (infra/stacks/events-stack.ts); locally the bus and the table
 * stream hand it the same event when they give up on something. The failure itself was reported at
 * each attempt; this says that nothing will try again. The queue is left as it is, to be looked at
 * and replayed.
 */
export const handler = (event: EventBridgeEvent<'CloudWatch Alarm State Change', AlarmStateChange>): Promise<void> => {
  const { alarmName, state, configuration } = event.detail;
  return withErrorReporting({ name: DEAD_LETTER_REPORTER, op: 'queue.process', tags: { alarm: alarmName } }, async () => {
    if (state.value === 'ALARM') await reportError(new DeadLettered(configuration?.description ?? alarmName), { alarm: alarmName });
  });
};
