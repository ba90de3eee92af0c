import type { ReactNode } from 'react';
import { Link } from '../../../lib/navigation';
import { eventDays } from '../../../../../shared/calendar-events';
import { nextOccurrenceAfter } from '../../../../../shared/recurrence';
import type { CalendarEvent } from '../../../../../shared/calendar-events.schema';
import { calendarDay } from '../../../../../shared/dates';
import type { Entity } from '../../../../../shared/item-kinds';
import { classNames } from '../../../components/ui/class-names';
import { useAssistantMarks } from '../../../lib/assistant-activity';
import { useItems, useTimeZone } from '../../../lib/items';
import { DailySchedule, type SchedulePlanning } from './daily-schedule';
import { GoalProgressCard } from './goal-progress-card';
import { OverviewCard } from './overview-card';
import './dashboard.css';
import { useAppTexts } from '../../../i18n/texts';

interface DashboardPageProps {
  firstName: string | null;
  /** The voice panel's place (composed by the route). */
  voicePanel: ReactNode;
  /** Plan my day and a waiting plan (composed by the route). */
  planning?: SchedulePlanning;
}

/** The signed-in home: greeting, stat strip, voice panel, the tabbed overview, the day's schedule and goal progress. */
export function DashboardPage({ firstName, voicePanel, planning }: DashboardPageProps) {
  const timeZone = useTimeZone();
  const t = useAppTexts().dashboard;
  return (
    <div className="dashboard-page">
      <title>{t.documentTitle}</title>
      <header className="dashboard-page__header">
        <h1>{t.welcome(firstName)}</h1>
        <StatStrip timeZone={timeZone} />
      </header>
      <div className="dashboard-page__grid">
        <div className="dashboard-page__main">
          <OverviewCard />
          <DailySchedule timeZone={timeZone} planning={planning} />
        </div>
        <div className="dashboard-page__side">
          {voicePanel}
          <GoalProgressCard />
        </div>
      </div>
    </div>
  );
}

/** Active goals, pending tasks and upcoming events; a chip with nothing to count is not shown; one flashes while the assistant changes its kind. */
function StatStrip({ timeZone }: { timeZone: string }) {
  const goalList = useItems('goals').data;
  const taskList = useItems('tasks').data;
  const eventList = useItems('events').data;
  // The chips show together once every list is known: one arriving first would be pushed aside by another.
  const known = goalList !== undefined && taskList !== undefined && eventList !== undefined;
  const [goals, tasks, events] = known ? [goalList, taskList, eventList] : [[], [], []];
  const { flash } = useAssistantMarks();
  const t = useAppTexts().dashboard.stats;
  const now = Date.now();
  const today = calendarDay(new Date(now), timeZone);
  // An all-day event is upcoming through its last day in the user's zone; a timed one until it ends;
  // a series while one of its occurrences is.
  const upcoming = (event: CalendarEvent): boolean => {
    if (!event.recurrence) return event.all_day ? eventDays(event, timeZone).last >= today : Date.parse(event.end_time) >= now;
    const stillOn = event.all_day ? Date.parse(`${today}T00:00:00.000Z`) : now;
    const sinceStart = Date.parse(event.end_time) - Date.parse(event.start_time) + 1;
    return nextOccurrenceAfter({ ...event, recurrence: event.recurrence }, new Date(stillOn - sinceStart).toISOString()) !== null;
  };
  const all: Array<{ label: string; to: string; entity: Entity; count: number }> = [
    { label: t.activeGoals, to: '/goals', entity: 'goal', count: goals.filter((goal) => goal.status === 'active').length },
    { label: t.pendingTasks, to: '/tasks', entity: 'task', count: tasks.filter((task) => task.status !== 'completed').length },
    { label: t.upcomingEvents, to: '/calendar', entity: 'event', count: events.filter(upcoming).length },
  ];
  const chips = all.filter((chip) => chip.count > 0);
  return (
    // Kept in place with no chip to show (its height stays); named only when it lists something.
    <ul className="stat-strip" aria-label={chips.length > 0 ? t.summary : undefined}>
      {chips.map((chip) => (
        <li key={chip.label}>
          <Link to={chip.to} className={classNames('stat-chip', flash(chip.entity))}>
            <strong>{chip.count}</strong> {chip.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
