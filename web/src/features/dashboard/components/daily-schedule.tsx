import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { isEventOnDay } from '../../../../../shared/calendar-events';
import { CALENDAR } from '../../../../../shared/constants';
import { calendarDay } from '../../../../../shared/dates';
import { Button, buttonClassName } from '../../../components/ui/button';
import { ListSkeleton, LoadState } from '../../../components/ui/load-state';
import { useItems } from '../../../lib/items';
import { addDays, formatDayAs, formatTime } from '../../../lib/zoned-dates';
import { RefreshButton } from '../../../components/ui/refresh-button';

/** The events of one day (today first), in the user's time zone. */
export function DailySchedule({ timeZone }: { timeZone: string }) {
  const headingId = useId();
  const events = useItems('events');
  const today = calendarDay(new Date(), timeZone);
  const [picked, setPicked] = useState<string | null>(null);
  const day = picked ?? today;
  const ofDay = (events.data ?? []).filter((event) => isEventOnDay(event, day, timeZone));

  return (
    <section className="card dash-card" aria-labelledby={headingId}>
      <div className="dash-card__header">
        <div>
          <h2 id={headingId} className="dash-card__title">
            Daily Schedule
          </h2>
          <p className="dash-card__subtitle" aria-live="polite">
            {day === today ? 'Today, ' : ''}
            {formatDayAs(day, `EEEE, ${CALENDAR.dateFormat}`)}
          </p>
        </div>
        <div className="dash-card__actions">
          <Button variant="secondary" aria-label="Previous day" onClick={() => setPicked(addDays(day, -1))}>
            <span aria-hidden="true">‹</span>
          </Button>
          <Button variant="secondary" aria-label="Next day" onClick={() => setPicked(addDays(day, 1))}>
            <span aria-hidden="true">›</span>
          </Button>
          <RefreshButton label="Refresh schedule" onRefresh={() => events.mutate()} />
          <Link to="/calendar" className={buttonClassName('secondary')}>
            View Calendar
          </Link>
        </div>
      </div>
      <LoadState reads={[events]} what="events" placeholder={<ListSkeleton label="Loading the schedule..." />}>
        {ofDay.length === 0 ? (
          <div className="dash-empty">
            <p>No events scheduled for today</p>
            {/* The day in the calendar, where a click on an hour makes the event. */}
            <Link to={`/calendar?view=day&date=${day}`}>Add an event</Link>
          </div>
        ) : (
          <ul className="dash-list">
            {ofDay.map((event) => (
              <li key={event.id}>
                <Link to={`/calendar?eventId=${event.id}`} className="dash-item">
                  <span className="dash-item__time">
                    {event.all_day
                      ? 'All day'
                      : `${formatTime(event.start_time, timeZone)} – ${formatTime(event.end_time, timeZone)}`}
                  </span>
                  <span className="dash-item__title">{event.title}</span>
                  {event.location && <span className="dash-item__meta">{event.location}</span>}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </LoadState>
    </section>
  );
}
