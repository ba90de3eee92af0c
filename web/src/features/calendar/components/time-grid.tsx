import { showingKey } from '../../../../../shared/recurrence';
import { useId, useLayoutEffect, useRef, type CSSProperties } from 'react';
import { isEventOnDay, type EventShowing } from '../../../../../shared/calendar-events';
import { classNames } from '../../../components/ui/class-names';
import { HOURS } from '../lib/calendar-dates';
import { formatDay, formatDayAs, formatMinutes } from '../../../lib/zoned-dates';
import { type Day } from '../../../../../shared/zoned-time';
import { blockGeometry, layoutDay, type ProposedTime } from '../lib/event-layout';
import { useRovingSlots } from '../lib/slot-navigation';
import { EventEntry, ProposedEntry } from './event-entry';
import { useAppTexts } from '../../../i18n/texts';

/** Below this height a block's title and time share one line (two lines of its 12 px text need about 32 px). */
const SHORT_BLOCK_PX = 34;

interface TimeGridProps {
  days: readonly Day[];
  today: Day;
  events: readonly EventShowing[];
  /** A waiting plan's blocks, drawn dashed among the events. */
  proposed?: readonly ProposedTime[];
  timeZone: string;
  /** Height of an hour row and the smallest block, in pixels. */
  rowPx: number;
  minBlockPx: number;
  /** The minute of the day scrolled to when the view opens (the configured start time). */
  scrollToMinutes: number;
  onSlot: (day: Day, minutes: number) => void;
  onOpen: (event: EventShowing) => void;
}

/** The day and week views: all-day events on top, then 24 hourly rows per day with the timed events over them. */
export function TimeGrid({ days, today, events, proposed = [], timeZone, rowPx, minBlockPx, scrollToMinutes, onSlot, onOpen }: TimeGridProps) {
  const texts = useAppTexts();
  const t = texts.calendar.grid;
  const dates = texts.dates;
  const scroller = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const slotHintId = useId();
  useLayoutEffect(() => {
    if (scroller.current) scroller.current.scrollTop = (scrollToMinutes / 60) * rowPx;
  }, [scrollToMinutes, rowPx]);
  // A slot or event focused or scrolled to stops below the sticky day names and all-day row, however tall they grow.
  useLayoutEffect(() => {
    const grid = scroller.current;
    const header = top.current;
    if (!grid || !header) return;
    const observer = new ResizeObserver(() => grid.style.setProperty('--time-grid-top', `${header.offsetHeight}px`));
    observer.observe(header);
    return () => observer.disconnect();
  }, []);

  // One Tab stop for all the empty slots (a week has 168), at the start time of today or the first day.
  const slotProps = useRovingSlots(scroller, () => ({ column: Math.max(0, days.indexOf(today)), row: Math.floor(scrollToMinutes / 60) }), {
    columns: days.length,
    rows: HOURS.length,
  });

  const minMinutes = (minBlockPx / rowPx) * 60;
  const gridStyle = { '--row-px': `${rowPx}px`, '--day-count': days.length } as CSSProperties;

  return (
    <div className="time-grid" style={gridStyle} ref={scroller}>
      <div className="time-grid__top" ref={top}>
        <div className="time-grid__row">
          <span className="time-grid__corner" />
          {days.map((day) => (
            <p key={day} className={classNames('time-grid__day-name', day === today && 'time-grid__day-name--today')}>
              <span className="time-grid__weekday">{formatDayAs(day, 'EEE', dates)}</span>{' '}
              <span className="time-grid__date" aria-hidden="true">
                {formatDayAs(day, 'd', dates)}
              </span>
              <span className="visually-hidden">{formatDay(day, dates)}</span>
            </p>
          ))}
        </div>
        <div className="time-grid__row time-grid__row--all-day">
          <span className="time-grid__gutter-label">{texts.calendar.allDay}</span>
          {days.map((day) => (
            <ul key={day} className="time-grid__all-day" aria-label={t.allDayOn(formatDay(day, dates))}>
              {events
                .filter((event) => event.all_day && isEventOnDay(event, day, timeZone))
                .map((event) => (
                  <li key={showingKey(event)}>
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
              {formatMinutes(hour * 60, dates)}
            </li>
          ))}
        </ol>
        <p id={slotHintId} hidden>
          {days.length > 1 ? t.weekKeys : t.dayKeys}
        </p>
        {days.map((day, index) => (
          <div key={day} className="time-grid__column" role="group" aria-label={`${formatDayAs(day, 'EEEE', dates)}, ${formatDay(day, dates)}`}>
            {layoutDay<EventShowing | ProposedTime>([...events, ...proposed], day, timeZone, minMinutes).map(({ event, start, end, column, columns }) => {
              const { top, height } = blockGeometry(start, end, rowPx, minBlockPx);
              const style = { top, height, left: `${(column / columns) * 100}%`, width: `${100 / columns}%` };
              if ('proposed' in event) return <ProposedEntry key={event.key} block={event} timeZone={timeZone} short={height < SHORT_BLOCK_PX} style={style} />;
              return (
                <EventEntry
                  key={showingKey(event)}
                  event={event}
                  timeZone={timeZone}
                  onOpen={onOpen}
                  variant="block"
                  short={height < SHORT_BLOCK_PX}
                  style={style}
                />
              );
            })}
            {HOURS.map((hour) => (
              <button
                key={hour}
                type="button"
                className="time-grid__slot"
                aria-label={t.newEventAt(formatDay(day, dates), formatMinutes(hour * 60, dates))}
                aria-describedby={slotHintId}
                onClick={() => onSlot(day, hour * 60)}
                {...slotProps({ column: index, row: hour })}
              />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
