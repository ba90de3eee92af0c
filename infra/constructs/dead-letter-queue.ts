import { Duration, Names, Validations } from 'aws-cdk-lib';
import { ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { DEAD_LETTER_ALARM_SUFFIX, deadLetterAlarmDescription } from '../../functions/dead-letters/alarm';

/**
 * A queue where what failed every attempt waits (14 days) to be looked at and replayed, and an
 * alarm (`<id>Alarm`) as soon as anything is in it, which the error-reporting service hears of
 * (functions/dead-letters/report.ts). `holds` names what it holds, e.g. "Events for gcal/mirror".
 */
export function deadLetterQueue(scope: Construct, id: string, holds: string): Queue {
  const queue = new Queue(scope, id, {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
  });
  Validations.of(queue).acknowledge({
    id: 'AwsSolutions-SQS3',
    reason: `This queue is a dead-letter queue (${holds}); a DLQ needs no DLQ of its own.`,
  });
  queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }).createAlarm(scope, `${id}Alarm`, {
    alarmName: `${Names.uniqueResourceName(queue, { maxLength: 200, separator: '-', allowedSpecialCharacters: '-' })}${DEAD_LETTER_ALARM_SUFFIX}`,
    alarmDescription: deadLetterAlarmDescription(holds),
    threshold: 0,
    evaluationPeriods: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
  return queue;
}
