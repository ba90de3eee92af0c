import { useId, useLayoutEffect, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { isEventOnDay, type CalendarEvent } from '../../../../../shared/calendar-events';
import { classNames } from '../../../components/ui/class-names';
import { HOURS } from '../lib/calendar-dates';
import { formatDay, formatDayAs, formatMinutes, type Day } from '../../../lib/zoned-dates';
import { blockGeometry, layoutDay } from '../lib/event-layout';
import { slotAfterKey, type SlotPosition } from '../lib/slot-navigation';
import { EventEntry } from './event-entry';

/** Below this height a block's title and time share one line (two lines of its 12 px text need about 32 px). */
const SHORT_BLOCK_PX = 34;

interface TimeGridProps {
  days: readonly Day[];
  today: Day;
  events: readonly CalendarEvent[];
  timeZone: string;
  /** Height of an hour row and the smallest block, in pixels. */
  rowPx: number;
  minBlockPx: number;
  /** The minute of the day scrolled to when the view opens (the configured start time). */
  scrollToMinutes: number;
  onSlot: (day: Day, minutes: number) => void;
  onOpen: (event: CalendarEvent) => void;
}

/** The day and week views: all-day events on top, then 24 hourly rows per day with the timed events over them. */
export function TimeGrid({ days, today, events, timeZone, rowPx, minBlockPx, scrollToMinutes, onSlot, onOpen }: TimeGridProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const slotHintId = useId();
  useLayoutEffect(() => {
    if (scroller.current) scroller.current.scrollTop = (scrollToMinutes / 60) * rowPx;
  }, [scrollToMinutes, rowPx]);

  // One Tab stop for all the empty slots (a week has 168): the arrow keys move between them.
  const [activeSlot, setActiveSlot] = useState<SlotPosition>(() => ({
    dayIndex: Math.max(0, days.indexOf(today)),
    hour: Math.floor(scrollToMinutes / 60),
  }));
  const dayIndex = Math.min(activeSlot.dayIndex, days.length - 1);
  const moveSlot = (event: KeyboardEvent<HTMLElement>) => {
    const next = slotAfterKey(event.key, { dayIndex, hour: activeSlot.hour }, days.length);
    if (!next) return;
    event.preventDefault();
    setActiveSlot(next);
    scroller.current?.querySelector<HTMLButtonElement>(`[data-slot="${next.dayIndex}-${next.hour}"]`)?.focus();
  };

  const minMinutes = (minBlockPx / rowPx) * 60;
  const gridStyle = { '--row-px': `${rowPx}px`, '--day-count': days.length } as CSSProperties;

  return (
    <div className="time-grid" style={gridStyle} ref={scroller}>
      <div className="time-grid__top">
        <div className="time-grid__row">
          <span className="time-grid__corner" />
          {days.map((day) => (
            <p key={day} className={classNames('time-grid__day-name', day === today && 'time-grid__day-name--today')}>
              <span className="time-grid__weekday">{formatDayAs(day, 'EEE')}</span>{' '}
              <span className="time-grid__date" aria-hidden="true">
                {formatDayAs(day, 'd')}
              </span>
              <span className="visually-hidden">{formatDay(day)}</span>
            </p>
          ))}
        </div>
        <div className="time-grid__row time-grid__row--all-day">
          <span className="time-grid__gutter-label">All day</span>
          {days.map((day) => (
            <ul key={day} className="time-grid__all-day" aria-label={`All-day events on ${formatDay(day)}`}>
              {events
                .filter((event) => event.all_day && isEventOnDay(event, day, timeZone))
                .map((event) => (
                  <li key={event.id}>
                    <EventEntry event={event} timeZone={timeZone} onOpen={onOpen} variant="chip" />
                  </li>
                ))}
            </ul>
          ))}
        </div>
      </div>

      <div className="time-grid__row time-grid__body">
        <ol className="time-grid__hours" aria-hidden="true">
          {HOURS.map((hour) => (
            <li key={hour} className="time-grid__hour">
              {formatMinutes(hour * 60)}
            </li>
          ))}
        </ol>
        <p id={slotHintId} hidden>
          {days.length > 1 ? 'Arrow keys move between hours and days.' : 'Arrow keys move between hours.'}
        </p>
        {days.map((day, index) => (
          <div key={day} className="time-grid__column" role="group" aria-label={`${formatDayAs(day, 'EEEE')}, ${formatDay(day)}`}>
            {layoutDay(events, day, timeZone, minMinutes).map(({ event, start, end, column, columns }) => {
              const { top, height } = blockGeometry(start, end, rowPx, minBlockPx);
              return (
                <EventEntry
                  key={event.id}
                  event={event}
                  timeZone={timeZone}
                  onOpen={onOpen}
                  variant="block"
                  short={height < SHORT_BLOCK_PX}
                  style={{ top, height, left: `${(column / columns) * 100}%`, width: `${100 / columns}%` }}
                />
              );
            })}
            {HOURS.map((hour) => (
              <button
                key={hour}
                type="button"
                className="time-grid__slot"
                data-slot={`${index}-${hour}`}
                tabIndex={index === dayIndex && hour === activeSlot.hour ? 0 : -1}
                aria-label={`New event on ${formatDay(day)} at ${formatMinutes(hour * 60)}`}
                aria-describedby={slotHintId}
                onClick={() => onSlot(day, hour * 60)}
                onKeyDown={moveSlot}
                onFocus={() => setActiveSlot({ dayIndex: index, hour })}
              />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
