import type { EventShowing } from '../../../../../shared/calendar-events';
import type { CSSProperties } from 'react';
import { tagColor } from '../../../../../shared/tags';
import { RepeatMark } from '../../../components/items/repeat-mark';
import { classNames } from '../../../components/ui/class-names';
import { isStandIn, useAssistantHighlight } from '../../../lib/assistant-activity';
import { formatTime } from '../../../lib/zoned-dates';
import { useAppTexts } from '../../../i18n/texts';
import type { ProposedTime } from '../lib/event-layout';

/** Marks events synced in from Google Calendar. */
export function GoogleBadge() {
  const t = useAppTexts().calendar.google;
  return (
    <span className="google-badge" title={t.title}>
      <span aria-hidden="true">G</span>
      <span className="visually-hidden">{t.hidden}</span>
    </span>
  );
}

interface EventEntryProps {
  event: EventShowing;
  timeZone: string;
  onOpen: (event: EventShowing) => void;
  /** Where a time-grid block sits; chips (month entries, all-day events) flow and show the start time only. */
  style?: CSSProperties;
  variant: 'block' | 'chip';
  /** A block too short for two lines: title and time share one. */
  short?: boolean;
}

/** An event on the calendar, a button that opens its details; one the assistant is still saving waits, busy. */
export function EventEntry({ event, timeZone, onOpen, style, variant, short = false }: EventEntryProps) {
  const dates = useAppTexts().dates;
  const colored = event.color ? ({ '--event-color': tagColor(event.color) } as CSSProperties) : undefined;
  const highlight = useAssistantHighlight('event', event.id);
  const saving = isStandIn(event.id);
  return (
    <button
      type="button"
      className={classNames('cal-event', `cal-event--${variant}`, short && 'cal-event--short', event.all_day && 'cal-event--all-day', highlight)}
      style={{ ...colored, ...style }}
      onClick={() => onOpen(event)}
      disabled={saving}
      aria-busy={saving || undefined}
    >
      <span className="cal-event__title">
        {event.title}
        {event.occurrence && <RepeatMark />}
        {event.gcal_id && <GoogleBadge />}
      </span>
      {!event.all_day && (
        <span className="cal-event__time">
          {formatTime(event.start_time, timeZone, dates)}
          {variant === 'block' && ` – ${formatTime(event.end_time, timeZone, dates)}`}
        </span>
      )}
    </button>
  );
}

/**
 * A block of a plan waiting for an answer: dashed, not an event yet, so nothing to open (the plan's
 * panel answers it); clicks reach the hour below.
 */
export function ProposedEntry({ block, timeZone, style, short }: { block: ProposedTime; timeZone: string; style: CSSProperties; short: boolean }) {
  const texts = useAppTexts();
  return (
    <p className={classNames('cal-event', 'cal-event--block', 'cal-event--proposed', short && 'cal-event--short')} style={style}>
      <span className="cal-event__title">
        <span className="visually-hidden">{texts.planning.proposed}: </span>
        {block.title}
      </span>
      <span className="cal-event__time">
        {formatTime(block.start_time, timeZone, texts.dates)} – {formatTime(block.end_time, timeZone, texts.dates)}
      </span>
    </p>
  );
}
