/**
 * Scheduled work: the CDK makes an EventBridge schedule for each, the local stack a timer. A target
 * names a function at functions/<target>.ts exporting `handler`.
 */
export interface Schedule {
  name: string;
  description: string;
  everyMinutes: number;
  target: string;
}

export const SCHEDULES: readonly Schedule[] = [
  {
    name: 'PurgeExpiredTrash',
    description: 'Deletes for good what has been in the trash more than 10 days',
    everyMinutes: 60,
    target: 'purge/handler',
  },
  {
    name: 'DeleteExpiredDemos',
    description: 'Deletes the demo accounts older than a day, with their Cognito users and everything in them',
    everyMinutes: 60,
    target: 'demo/clean-up',
  },
];
