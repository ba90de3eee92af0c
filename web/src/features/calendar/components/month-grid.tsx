import { showingKey } from '../../../../../shared/recurrence';
import { useId, useRef } from 'react';
import { eventsByDay, type EventShowing } from '../../../../../shared/calendar-events';
import { classNames } from '../../../components/ui/class-names';
import { monthGrid } from '../lib/calendar-dates';
import { formatDay, formatDayAs, formatMinutes } from '../../../lib/zoned-dates';
import { type Day } from '../../../../../shared/zoned-time';
import { monthEntries } from '../lib/event-layout';
import { useRovingSlots, type SlotPosition } from '../lib/slot-navigation';
import { EventEntry } from './event-entry';
import { useAppTexts } from '../../../i18n/texts';

interface MonthGridProps {
  anchor: Day;
  today: Day;
  events: readonly EventShowing[];
  timeZone: string;
  /** The time a new event from a day cell starts at (the configured start time). */
  slotMinutes: number;
  onSlot: (day: Day, minutes: number) => void;
  onOpen: (event: EventShowing) => void;
  /** Opens the day view of a day ('+N more' and the day's number). */
  onShowDay: (day: Day) => void;
}

/** Today's place in the month's weeks when it is shown in the month, else the month's first day's. */
function firstSlot(weeks: readonly (readonly Day[])[], today: Day, month: string): SlotPosition {
  const target = today.startsWith(month) ? today : `${month}-01`;
  const row = weeks.findIndex((week) => week.includes(target));
  return { row, column: weeks[row]!.indexOf(target) };
}

/** The month view: whole weeks from Sunday, each day with its first entries and '+N more'. */
export function MonthGrid({ anchor, today, events, timeZone, slotMinutes, onSlot, onOpen, onShowDay }: MonthGridProps) {
  const texts = useAppTexts();
  const t = texts.calendar.grid;
  const dates = texts.dates;
  const weeks = monthGrid(anchor);
  const byDay = eventsByDay(events, weeks.flat(), timeZone);
  const month = anchor.slice(0, 7);
  const grid = useRef<HTMLDivElement>(null);
  const slotHintId = useId();
  // One Tab stop for the days' New event buttons, on today or the month's first day.
  const slotProps = useRovingSlots(grid, () => firstSlot(weeks, today, month), { columns: 7, rows: weeks.length });
  return (
    <div className="month-grid" ref={grid}>
      <p id={slotHintId} hidden>
        {t.monthKeys}
      </p>
      <div className="month-grid__weekdays" aria-hidden="true">
        {weeks[0]!.map((day) => (
          <span key={day}>{formatDayAs(day, 'EEE', dates)}</span>
        ))}
      </div>
      {weeks.map((week, row) => (
        <div key={week[0]} className="month-grid__week">
          {week.map((day, column) => {
            const { shown, more } = monthEntries(byDay.get(day) ?? []);
            return (
              <div
                key={day}
                role="group"
                aria-label={formatDay(day, dates)}
                className={classNames('month-cell', !day.startsWith(month) && 'month-cell--outside', day === today && 'month-cell--today')}
              >
                <button
                  type="button"
                  className="month-cell__slot"
                  aria-label={t.newEventAt(formatDay(day, dates), formatMinutes(slotMinutes, dates))}
                  aria-describedby={slotHintId}
                  onClick={() => onSlot(day, slotMinutes)}
                  {...slotProps({ column, row })}
                />
                <button type="button" className="month-cell__date" onClick={() => onShowDay(day)}>
                  <span aria-hidden="true">{formatDayAs(day, 'd', dates)}</span>
                  <span className="visually-hidden">{t.showDay(formatDay(day, dates))}</span>
                </button>
                {shown.length > 0 && (
                  <ul className="month-cell__entries">
                    {shown.map((event) => (
                      <li key={showingKey(event)}>
                        <EventEntry event={event} timeZone={timeZone} onOpen={onOpen} variant="chip" />
                      </li>
                    ))}
                  </ul>
                )}
                {more > 0 && (
                  <button type="button" className="month-cell__more" onClick={() => onShowDay(day)}>
                    {t.more(more)}
                    <span className="visually-hidden"> {t.moreOn(formatDay(day, dates))}</span>
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
