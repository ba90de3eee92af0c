/**
 * How a dead-letter queue's alarm is named and described (infra/constructs/dead-letter-queue.ts),
 * so that its reporter (./report.ts) is handed exactly these alarms, and says what waits.
 */

/** The function (functions/<target>.ts) that reports those alarms, in AWS and locally. */
export const DEAD_LETTER_REPORTER = 'dead-letters/report';

/** Every dead-letter queue's alarm name ends so; the reporter's rule matches `<stack>-*<suffix>`. */
export const DEAD_LETTER_ALARM_SUFFIX = '-dead-letters';

/** What a dead-letter queue holds, named the same by the CDK and the local stack. */
export const DEAD_LETTERS_HELD = {
  events: (target: string) => `Events for ${target}`,
  streamRecords: (target: string) => `Stream records for ${target}`,
};

/** What the alarm says, and so the report: `holds` names what the queue holds, e.g. "Events for gcal/mirror". */
export function deadLetterAlarmDescription(holds: string): string {
  return `${holds} failed every attempt and wait in the dead-letter queue`;
}
