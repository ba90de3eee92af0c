import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { nowMs } from '../functions/platform/clock';
import { zonedInstant } from '../shared/zoned-time';
import { DEAD_LETTERS_HELD } from '../functions/dead-letters/alarm';
import { raiseDeadLetterAlarm } from './dead-letter-alarm';
import { loadHandler } from './functions';
import { lambdaContext } from './lambda-context';

/**
 * The local stand-in for EventBridge Scheduler's one-time schedules: an endpoint speaking its REST
 * API (CreateSchedule, UpdateSchedule, GetSchedule, DeleteSchedule), so the functions use the real
 * SDK client, with its checks and error shapes:
 * - a name of 1–64 characters of `[0-9A-Za-z-_.]`, unique in its group (409 ConflictException);
 * - `at(yyyy-mm-ddThh:mm:ss)` in `ScheduleExpressionTimezone` (UTC by default); rate() and cron()
 *   are not served here (400 ValidationException);
 * - `FlexibleTimeWindow`, a `Target` with `Arn` and `RoleArn` (400 ValidationException);
 * - a schedule not found is 404 ResourceNotFoundException.
 * A due schedule runs its target function (named in its Lambda ARN: localFunctionArn) with its
 * `Input`, on the one clock (functions/platform/clock.ts): the running stack looks four times a second,
 * and a test moves the clock and calls `runDue`. A failed run is tried again after 1, 2, 4 …
 * minutes, up to the target's `RetryPolicy.MaximumRetryAttempts` (Scheduler's default 185),
 * then dead-lettered, as the CDK's queue and alarm report it (./dead-letter-alarm.ts). A schedule
 * with `ActionAfterCompletion: DELETE` is deleted once it ran.
 */

const NAME = /^[0-9A-Za-z_.-]{1,64}$/;
const AT = /^at\((\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})\)$/;
const DEFAULT_RETRY_ATTEMPTS = 185;
/** Scheduler's default for how long it keeps trying: a day. */
const DEFAULT_MAX_AGE_SECONDS = 86_400;
const SQS_ARN = /^arn:aws:sqs:[\w-]+:\d{12}:[\w-]{1,80}$/;
const FIRST_RETRY_MS = 60_000;

/** A function's Lambda ARN as the local stack names it: its source path under functions/, its `/` written `--`. */
export function localFunctionArn(target: string): string {
  return `arn:aws:lambda:us-east-1:000000000000:function:${target.replaceAll('/', '--')}`;
}

function targetOf(arn: string): string | null {
  const name = /^arn:aws:lambda:[\w-]+:\d{12}:function:([\w-]+)$/.exec(arn)?.[1];
  return name ? name.replaceAll('--', '/') : null;
}

interface ScheduleRequest {
  ScheduleExpression?: string;
  ScheduleExpressionTimezone?: string;
  FlexibleTimeWindow?: { Mode?: string };
  Target?: {
    Arn?: string;
    RoleArn?: string;
    Input?: string;
    RetryPolicy?: { MaximumRetryAttempts?: number; MaximumEventAgeInSeconds?: number };
    DeadLetterConfig?: { Arn?: string };
  };
  ActionAfterCompletion?: 'NONE' | 'DELETE';
  State?: 'ENABLED' | 'DISABLED';
  GroupName?: string;
}

interface Schedule {
  name: string;
  group: string;
  request: ScheduleRequest;
  target: string;
  /** When it runs next (ms since the epoch), or null once it ran for good. */
  dueAt: number | null;
  /** When it was first due: its event's age counts from then. */
  firstDueAt: number;
  attempts: number;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

type ScheduledTarget = (input: unknown, context: ReturnType<typeof lambdaContext>) => Promise<unknown>;

export interface LocalSchedulerOptions {
  /** How often the running stack looks for due schedules; 0: only when `runDue` is called (tests). */
  pollMs?: number;
  loadTarget?: (target: string) => Promise<ScheduledTarget>;
}

export async function startLocalScheduler(options: LocalSchedulerOptions = {}) {
  const loadTarget = options.loadTarget ?? loadHandler<ScheduledTarget>;
  const schedules = new Map<string, Schedule>();
  const runs = new Set<Promise<void>>();
  const key = (group: string, name: string) => `${group}/${name}`;

  function dueAtOf(request: ScheduleRequest): number {
    const at = AT.exec(request.ScheduleExpression ?? '');
    if (!at) throw new ApiError(400, 'ValidationException', 'Only one-time schedules, at(yyyy-mm-ddThh:mm:ss), are served locally');
    const [, day, hours, minutes, seconds] = at;
    const zone = request.ScheduleExpressionTimezone ?? 'UTC';
    return zonedInstant(day!, Number(hours) * 60 + Number(minutes), zone).getTime() + Number(seconds) * 1000;
  }

  function validated(name: string, request: ScheduleRequest): Schedule {
    if (!NAME.test(name)) throw new ApiError(400, 'ValidationException', `Invalid schedule name ${name}`);
    if (!request.FlexibleTimeWindow?.Mode) throw new ApiError(400, 'ValidationException', 'FlexibleTimeWindow is required');
    const target = request.Target?.Arn ? targetOf(request.Target.Arn) : null;
    if (!target || !request.Target?.RoleArn) throw new ApiError(400, 'ValidationException', 'Target needs the Arn of a local function and a RoleArn');
    const { RetryPolicy: retry, DeadLetterConfig: deadLetters } = request.Target;
    if (deadLetters && !SQS_ARN.test(deadLetters.Arn ?? '')) throw new ApiError(400, 'ValidationException', 'DeadLetterConfig needs the Arn of an SQS queue');
    const maxAge = retry?.MaximumEventAgeInSeconds;
    if (maxAge !== undefined && !(Number.isInteger(maxAge) && maxAge >= 60 && maxAge <= 86_400)) {
      throw new ApiError(400, 'ValidationException', 'MaximumEventAgeInSeconds must be 60 to 86400');
    }
    const attempts = retry?.MaximumRetryAttempts;
    if (attempts !== undefined && !(Number.isInteger(attempts) && attempts >= 0 && attempts <= DEFAULT_RETRY_ATTEMPTS)) {
      throw new ApiError(400, 'ValidationException', 'MaximumRetryAttempts must be 0 to 185');
    }
    const dueAt = dueAtOf(request);
    return { name, group: request.GroupName ?? 'default', request, target, dueAt, firstDueAt: dueAt, attempts: 0 };
  }

  function handle(method: string, name: string, group: string, body: ScheduleRequest): unknown {
    const found = schedules.get(key(group, name));
    switch (method) {
      case 'POST': {
        if (found) throw new ApiError(409, 'ConflictException', `Schedule ${name} already exists.`);
        const schedule = validated(name, { ...body, GroupName: group });
        schedules.set(key(group, name), schedule);
        return { ScheduleArn: scheduleArn(schedule) };
      }
      case 'PUT': {
        if (!found) throw new ApiError(404, 'ResourceNotFoundException', `Schedule ${name} does not exist.`);
        const schedule = validated(name, { ...body, GroupName: group });
        schedules.set(key(group, name), schedule);
        return { ScheduleArn: scheduleArn(schedule) };
      }
      case 'GET': {
        if (!found) throw new ApiError(404, 'ResourceNotFoundException', `Schedule ${name} does not exist.`);
        return { ...found.request, Name: name, GroupName: group, Arn: scheduleArn(found) };
      }
      case 'DELETE': {
        if (!found) throw new ApiError(404, 'ResourceNotFoundException', `Schedule ${name} does not exist.`);
        schedules.delete(key(group, name));
        return {};
      }
      default:
        throw new ApiError(405, 'ValidationException', `${method} is not served`);
    }
  }

  async function run(schedule: Schedule): Promise<void> {
    const input: unknown = JSON.parse(schedule.request.Target?.Input ?? '{}');
    try {
      await (
        await loadTarget(schedule.target)
      )(input, lambdaContext(schedule.target));
      schedule.dueAt = null;
      if (schedule.request.ActionAfterCompletion === 'DELETE') schedules.delete(key(schedule.group, schedule.name));
    } catch (error) {
      schedule.attempts += 1;
      const retry = schedule.request.Target?.RetryPolicy;
      const allowed = retry?.MaximumRetryAttempts ?? DEFAULT_RETRY_ATTEMPTS;
      const retryAt = nowMs() + FIRST_RETRY_MS * 2 ** (schedule.attempts - 1);
      // A retry past the event's age is not made: the scheduler dead-letters it instead.
      if (schedule.attempts <= allowed && retryAt <= schedule.firstDueAt + (retry?.MaximumEventAgeInSeconds ?? DEFAULT_MAX_AGE_SECONDS) * 1000) {
        schedule.dueAt = retryAt;
        return;
      }
      schedule.dueAt = null;
      console.error(JSON.stringify({ level: 'error', message: 'schedule dead-lettered', schedule: schedule.name, error: String(error) }));
      await raiseDeadLetterAlarm(DEAD_LETTERS_HELD.events(schedule.target));
    }
  }

  /** Runs every schedule due by the clock's now, and waits for them. */
  async function runDue(): Promise<void> {
    const now = nowMs();
    for (const schedule of schedules.values()) {
      if (schedule.dueAt === null || schedule.dueAt > now || schedule.request.State === 'DISABLED') continue;
      // Taken off the due list while it runs, so a look in the meantime does not run it twice.
      schedule.dueAt = null;
      const running = run(schedule).finally(() => runs.delete(running));
      runs.add(running);
    }
    await settle();
  }

  async function settle(): Promise<void> {
    while (runs.size > 0) await Promise.allSettled([...runs]);
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => answer(request, response, Buffer.concat(chunks).toString('utf8')));
  });

  function answer(request: IncomingMessage, response: ServerResponse, text: string): void {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const name = /^\/schedules\/([^/]+)$/.exec(url.pathname)?.[1];
    try {
      if (!name) throw new ApiError(404, 'ResourceNotFoundException', `${url.pathname} is not served locally`);
      const body = (text ? JSON.parse(text) : {}) as ScheduleRequest;
      const group = url.searchParams.get('groupName') ?? body.GroupName ?? 'default';
      const result = handle(request.method ?? 'GET', decodeURIComponent(name), group, body);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(result));
    } catch (error) {
      const failure = error instanceof ApiError ? error : new ApiError(500, 'InternalServerException', String(error));
      response.writeHead(failure.status, { 'content-type': 'application/json', 'x-amzn-errortype': failure.type });
      response.end(JSON.stringify({ Message: failure.message }));
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const poller = options.pollMs ? setInterval(() => void runDue(), options.pollMs) : null;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    runDue,
    settle,
    /** The schedules kept, the live ones (tests read them): name, group, target, when due, and the input it invokes its target with. */
    list: () =>
      [...schedules.values()].map(({ name, group, target, dueAt, request }) => ({
        name,
        group,
        target,
        dueAt,
        input: JSON.parse(request.Target?.Input ?? '{}') as Record<string, unknown>,
      })),
    async stop(): Promise<void> {
      if (poller) clearInterval(poller);
      await settle();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function scheduleArn({ group, name }: Pick<Schedule, 'group' | 'name'>): string {
  return `arn:aws:scheduler:us-east-1:000000000000:schedule/${group}/${name}`;
}

export type LocalScheduler = Awaited<ReturnType<typeof startLocalScheduler>>;
