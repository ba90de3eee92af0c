import { useId, useState, type ReactNode } from 'react';
import { Link } from '../../../lib/navigation';
import { eventShowings, isEventOnDay } from '../../../../../shared/calendar-events';
import { showingKey } from '../../../../../shared/recurrence';
import { calendarDay } from '../../../../../shared/dates';
import { RepeatMark } from '../../../components/items/repeat-mark';
import { Button, buttonClassName } from '../../../components/ui/button';
import { ListSkeleton, LoadState } from '../../../components/ui/load-state';
import { useItems } from '../../../lib/items';
import { formatDayAs, formatTime } from '../../../lib/zoned-dates';
import { addDays } from '../../../../../shared/zoned-time';
import { RefreshButton } from '../../../components/ui/refresh-button';
import { useAppTexts } from '../../../i18n/texts';

/** What the app gives the schedule of planning: a waiting plan's blocks (not events yet), Plan my day, the plan's panel. */
export interface SchedulePlanning {
  proposed: ReadonlyArray<{ key: string; title: string; start_time: string; end_time: string; all_day: boolean; proposed: true }>;
  buttons: ReactNode;
  panel: ReactNode;
}

/** The events of one day (today first), in the user's time zone, among them a waiting plan's blocks, drawn dashed. */
export function DailySchedule({ timeZone, planning }: { timeZone: string; planning?: SchedulePlanning }) {
  const headingId = useId();
  const events = useItems('events');
  const today = calendarDay(new Date(), timeZone);
  const [picked, setPicked] = useState<string | null>(null);
  const day = picked ?? today;
  const ofDay = eventShowings(events.data ?? [], day, day, timeZone);
  const proposed = planning?.proposed.filter((block) => isEventOnDay(block, day, timeZone)) ?? [];
  const entries = [...ofDay, ...proposed].sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time));
  const texts = useAppTexts();
  const t = texts.dashboard.schedule;

  return (
    <section className="card dash-card" aria-labelledby={headingId}>
      <div className="dash-card__header">
        <div>
          <h2 id={headingId} className="dash-card__title">
            {t.title}
          </h2>
          <p className="dash-card__subtitle" aria-live="polite">
            {day === today ? t.todayPrefix : ''}
            {formatDayAs(day, texts.dates.weekdayDay, texts.dates)}
          </p>
        </div>
        <div className="dash-card__actions">
          <Button variant="secondary" aria-label={t.previousDay} onClick={() => setPicked(addDays(day, -1))}>
            <span aria-hidden="true">‹</span>
          </Button>
          <Button variant="secondary" aria-label={t.nextDay} onClick={() => setPicked(addDays(day, 1))}>
            <span aria-hidden="true">›</span>
          </Button>
          {planning?.buttons}
          <RefreshButton label={t.refresh} onRefresh={() => events.mutate()} />
          <Link to="/calendar" className={buttonClassName('secondary')}>
            {t.viewCalendar}
          </Link>
        </div>
      </div>
      {planning?.panel}
      <LoadState reads={[events]} failedTitle={t.loadFailed} placeholder={<ListSkeleton label={t.loading} />}>
        {entries.length === 0 ? (
          <div className="dash-empty">
            <p>{t.empty}</p>
            {/* The day in the calendar, where a click on an hour makes the event. */}
            <Link to={`/calendar?view=day&date=${day}`}>{t.addEvent}</Link>
          </div>
        ) : (
          <ul className="dash-list">
            {entries.map((event) =>
              'proposed' in event ? (
                <li key={event.key}>
                  <p className="dash-item dash-item--proposed">
                    <span className="dash-item__time">
                      {formatTime(event.start_time, timeZone, texts.dates)} – {formatTime(event.end_time, timeZone, texts.dates)}
                    </span>
                    <span className="dash-item__title">
                      <span className="visually-hidden">{texts.planning.proposed}: </span>
                      {event.title}
                    </span>
                  </p>
                </li>
              ) : (
                <li key={showingKey(event)}>
                  <Link
                    to={`/calendar?eventId=${event.id}${event.occurrence ? `&occurrence=${encodeURIComponent(event.occurrence)}` : ''}`}
                    className="dash-item"
                  >
                    <span className="dash-item__time">
                      {event.all_day
                        ? texts.calendar.allDay
                        : `${formatTime(event.start_time, timeZone, texts.dates)} – ${formatTime(event.end_time, timeZone, texts.dates)}`}
                    </span>
                    <span className="dash-item__title">
                      {event.title}
                      {event.occurrence && <RepeatMark />}
                    </span>
                    {event.location && <span className="dash-item__meta">{event.location}</span>}
                  </Link>
                </li>
              ),
            )}
          </ul>
        )}
      </LoadState>
    </section>
  );
}
