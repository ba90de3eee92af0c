import { SCHEDULES } from '../events/schedules';
import { loadHandler } from './functions';
import { lambdaContext } from './lambda-context';

type ScheduledHandler = (event: object, context: object) => Promise<unknown>;

/** Runs each schedule's function once at start and then on its interval, as EventBridge would. */
export function startSchedules(): { stop: () => Promise<void> } {
  const running = new Set<Promise<unknown>>();
  const timers = SCHEDULES.map((schedule) => {
    const run = () => {
      const invocation = loadHandler<ScheduledHandler>(schedule.target)
        .then((handler) =>
          handler(
            { version: '0', id: schedule.name, 'detail-type': 'Scheduled Event', source: 'aws.events', time: new Date().toISOString(), detail: {} },
            lambdaContext(schedule.target),
          ),
        )
        .catch((error: unknown) =>
          console.error(JSON.stringify({ level: 'error', message: 'scheduled run failed', schedule: schedule.name, error: String(error) })),
        )
        .finally(() => running.delete(invocation));
      running.add(invocation);
    };
    run();
    return setInterval(run, schedule.everyMinutes * 60_000);
  });
  return {
    async stop() {
      timers.forEach(clearInterval);
      await Promise.allSettled([...running]);
    },
  };
}
