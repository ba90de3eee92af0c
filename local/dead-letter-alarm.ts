import { randomUUID } from 'node:crypto';
import type { EventBridgeEvent } from 'aws-lambda';
import { DEAD_LETTER_ALARM_SUFFIX, DEAD_LETTER_REPORTER, deadLetterAlarmDescription } from '../functions/dead-letters/alarm';
import type { AlarmStateChange } from '../functions/dead-letters/report';
import { loadHandler } from './functions';

type Reporter = (event: EventBridgeEvent<'CloudWatch Alarm State Change', AlarmStateChange>) => Promise<void>;

/**
 * What CloudWatch puts on the default bus when a dead-letter queue's alarm goes off, handed to the
 * same reporter the CDK wires to it. Locally it goes off at every dead letter, not once until the
 * queue is emptied. `holds` names what the queue holds, as in the CDK ("Events for gcal/mirror").
 */
export async function raiseDeadLetterAlarm(holds: string): Promise<void> {
  const alarmName = `local-${holds.replace(/[^\w-]+/g, '-')}${DEAD_LETTER_ALARM_SUFFIX}`;
  try {
    const report = await loadHandler<Reporter>(DEAD_LETTER_REPORTER);
    await report({
      version: '0',
      id: randomUUID(),
      source: 'aws.cloudwatch',
      account: '000000000000',
      time: new Date().toISOString(),
      region: 'us-east-1',
      resources: [`arn:aws:cloudwatch:us-east-1:000000000000:alarm:${alarmName}`],
      'detail-type': 'CloudWatch Alarm State Change',
      detail: { alarmName, state: { value: 'ALARM' }, configuration: { description: deadLetterAlarmDescription(holds) } },
    });
  } catch (error) {
    console.error(JSON.stringify({ level: 'error', message: 'the dead-letter alarm could not be reported', alarmName, error: String(error) }));
  }
}
