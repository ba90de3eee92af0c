import { isEventOnDay, type CalendarEvent } from '../../../../../shared/calendar-events';
import { classNames } from '../../../components/ui/class-names';
import { monthGrid } from '../lib/calendar-dates';
import { formatDay, formatDayAs, formatMinutes, type Day } from '../../../lib/zoned-dates';
import { monthEntries } from '../lib/event-layout';
import { EventEntry } from './event-entry';

interface MonthGridProps {
  anchor: Day;
  today: Day;
  events: readonly CalendarEvent[];
  timeZone: string;
  /** The time a new event from a day cell starts at (the configured start time). */
  slotMinutes: number;
  onSlot: (day: Day, minutes: number) => void;
  onOpen: (event: CalendarEvent) => void;
  /** Opens the day view of a day ('+N more' and the day's number). */
  onShowDay: (day: Day) => void;
}

/** The month view: whole weeks from Sunday, each day with its first entries and '+N more'. */
export function MonthGrid({ anchor, today, events, timeZone, slotMinutes, onSlot, onOpen, onShowDay }: MonthGridProps) {
  const weeks = monthGrid(anchor);
  const month = anchor.slice(0, 7);
  return (
    <div className="month-grid">
      <div className="month-grid__weekdays" aria-hidden="true">
        {weeks[0]!.map((day) => (
          <span key={day}>{formatDayAs(day, 'EEE')}</span>
        ))}
      </div>
      {weeks.map((week) => (
        <div key={week[0]} className="month-grid__week">
          {week.map((day) => {
            const { shown, more } = monthEntries(events.filter((event) => isEventOnDay(event, day, timeZone)));
            return (
              <div
                key={day}
                role="group"
                aria-label={formatDay(day)}
                className={classNames('month-cell', !day.startsWith(month) && 'month-cell--outside', day === today && 'month-cell--today')}
              >
                <button
                  type="button"
                  className="month-cell__slot"
                  aria-label={`New event on ${formatDay(day)} at ${formatMinutes(slotMinutes)}`}
                  onClick={() => onSlot(day, slotMinutes)}
                />
                <button type="button" className="month-cell__date" onClick={() => onShowDay(day)}>
                  <span aria-hidden="true">{formatDayAs(day, 'd')}</span>
                  <span className="visually-hidden">Show {formatDay(day)}</span>
                </button>
                {shown.length > 0 && (
                  <ul className="month-cell__entries">
                    {shown.map((event) => (
                      <li key={event.id}>
                        <EventEntry event={event} timeZone={timeZone} onOpen={onOpen} variant="chip" />
                      </li>
                    ))}
                  </ul>
                )}
                {more > 0 && (
                  <button type="button" className="month-cell__more" onClick={() => onShowDay(day)}>
                    +{more} more<span className="visually-hidden"> on {formatDay(day)}</span>
                  </button>
                )}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
