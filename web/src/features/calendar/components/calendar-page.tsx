import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { eventDays, type CalendarEvent } from '../../../../../shared/calendar-events';
import { CALENDAR } from '../../../../../shared/constants';
import { GCAL_MESSAGES, syncedMessage } from '../../../../../shared/gcal';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadState } from '../../../components/ui/load-state';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { deleteItem, useItems, useSettings } from '../../../lib/items';
import { useGoogleCalendarStatus } from '../../../lib/google-calendar';
import { syncGoogleCalendar } from '../api/google-calendar';
import { CALENDAR_VIEWS, rangeLabel, stepAnchor, timeGridDays, type CalendarView } from '../lib/calendar-dates';
import { isDay, zonedParts, type Day } from '../../../lib/zoned-dates';
import { eventValues, newEventStart, newEventValues, type EventFormValues } from '../lib/event-form';
import { useNarrowScreen } from '../lib/use-narrow-screen';
import { ConnectPrompt } from './connect-prompt';
import { EventDetails } from './event-details';
import { EventEditor } from './event-editor';
import { MonthGrid } from './month-grid';
import { TimeGrid } from './time-grid';
import './calendar.css';

/** Remembers in this browser that the first-time Google connect dialog was shown. */
const CONNECT_PROMPT_STORAGE_KEY = 'tempo.calendar.connectPromptShown';

const VIEW_LABELS: Record<CalendarView, string> = { day: 'Day', week: 'Week', month: 'Month' };

const isView = (value: string | null): value is CalendarView => CALENDAR_VIEWS.some((view) => view === value);

/**
 * The calendar: Day, Week and Month views with their place in the URL (?view=, ?date=, and
 * ?eventId= for an event's details), New Event, Sync with Google, and the editor.
 */
export function CalendarPage() {
  const events = useItems('events');
  const settings = useSettings();
  const narrow = useNarrowScreen();
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState<{ event?: CalendarEvent; initial: EventFormValues } | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  const reads = [events, settings];
  if (!events.data || !settings.data) {
    return (
      <CalendarFrame>
        <LoadState
          reads={reads}
          what="your calendar"
          placeholder={
            <p className="page-status__inline" role="status">
              <Spinner /> Loading...
            </p>
          }
        >
          {null}
        </LoadState>
      </CalendarFrame>
    );
  }

  const timeZone = settings.data.preferred_timezone;
  const now = zonedParts(new Date(), timeZone);
  const today = now.day;
  const startMinutes = settings.data.calendar_start_hour * 60 + settings.data.calendar_start_minute;
  const view = isView(params.get('view')) ? (params.get('view') as CalendarView) : 'week';
  const eventId = params.get('eventId');
  const shown = eventId ? events.data.find((event) => event.id === eventId) : undefined;
  const dateParam = params.get('date');
  const anchor: Day = isDay(dateParam) ? dateParam : shown ? eventDays(shown, timeZone).first : today;
  const days = view === 'month' ? [] : timeGridDays(view, anchor, narrow);

  /** Changes the calendar's place in the URL; null removes a parameter. */
  function go(changes: Partial<Record<'view' | 'date' | 'eventId', string | null>>) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value === null || value === undefined) next.delete(name);
          else next.set(name, value);
        }
        return next;
      },
      { replace: true },
    );
  }

  const openEvent = (event: CalendarEvent) => go({ eventId: event.id });
  // Closing the details keeps the calendar where the event put it.
  const closeEvent = () => go({ eventId: null, date: anchor });
  const newEventAt = (day: Day, minutes: number) => setEditing({ initial: newEventValues(day, minutes) });

  return (
    <CalendarFrame
      actions={<CalendarActions onNewEvent={() => newEventAt(anchor, newEventStart(anchor, today, now.minutes, startMinutes))} />}
    >
      <LoadState reads={reads} what="your calendar" placeholder={null}>
        <div className="calendar-toolbar">
          <div className="calendar-toolbar__nav">
            <Button variant="secondary" onClick={() => go({ date: null })}>
              Today
            </Button>
            <Button variant="ghost" className="calendar-toolbar__step" aria-label={`Previous ${view}`} onClick={() => go({ date: stepAnchor(view, anchor, -1) })}>
              <span aria-hidden="true">‹</span>
            </Button>
            <Button variant="ghost" className="calendar-toolbar__step" aria-label={`Next ${view}`} onClick={() => go({ date: stepAnchor(view, anchor, 1) })}>
              <span aria-hidden="true">›</span>
            </Button>
            <h2 className="calendar-toolbar__range" aria-live="polite">
              {rangeLabel(view, anchor, days)}
            </h2>
          </div>
          <div className="calendar-toolbar__views" role="group" aria-label="Calendar view">
            {CALENDAR_VIEWS.map((option) => (
              <button
                key={option}
                type="button"
                className="calendar-toolbar__view"
                aria-pressed={option === view}
                onClick={() => go({ view: option, date: anchor })}
              >
                {VIEW_LABELS[option]}
              </button>
            ))}
          </div>
        </div>

        {view === 'month' ? (
          <MonthGrid
            anchor={anchor}
            today={today}
            events={events.data}
            timeZone={timeZone}
            slotMinutes={startMinutes}
            onSlot={newEventAt}
            onOpen={openEvent}
            onShowDay={(day) => go({ view: 'day', date: day })}
          />
        ) : (
          <TimeGrid
            days={days}
            today={today}
            events={events.data}
            timeZone={timeZone}
            rowPx={view === 'day' ? CALENDAR.dayRowPx : CALENDAR.weekRowPx}
            minBlockPx={view === 'day' ? CALENDAR.minBlockDayPx : CALENDAR.minBlockWeekPx}
            scrollToMinutes={startMinutes}
            onSlot={newEventAt}
            onOpen={openEvent}
          />
        )}

        {shown && (
          <EventDetails
            event={shown}
            timeZone={timeZone}
            onClose={closeEvent}
            onEdit={() => {
              closeEvent();
              setEditing({ event: shown, initial: eventValues(shown, timeZone) });
            }}
            onDelete={() => setConfirmingDelete(true)}
          />
        )}
        {shown && (
          <DeleteConfirmation
            event={shown}
            open={confirmingDelete}
            onDone={(deleted) => {
              setConfirmingDelete(false);
              if (deleted) closeEvent();
            }}
          />
        )}
        {editing && <EventEditor key={editing.event?.id ?? 'new'} event={editing.event} initial={editing.initial} timeZone={timeZone} onClose={() => setEditing(null)} />}
        <FirstTimeConnect suppressed={Boolean(eventId) || editing !== null} />
      </LoadState>
    </CalendarFrame>
  );
}

function CalendarFrame({ actions, children }: { actions?: ReactNode; children: ReactNode }) {
  return (
    <div className="calendar-page">
      <title>Calendar · Tempo</title>
      <header className="calendar-page__header">
        <h1 className="calendar-page__title">Calendar</h1>
        {actions}
      </header>
      {children}
    </div>
  );
}

/** Sync (only while Google Calendar is connected) and New Event. */
function CalendarActions({ onNewEvent }: { onNewEvent: () => void }) {
  const status = useGoogleCalendarStatus();
  const showToast = useToast();
  const [syncing, setSyncing] = useState(false);

  async function sync() {
    setSyncing(true);
    try {
      showToast({ tone: 'success', title: GCAL_MESSAGES.calendarSynced, description: syncedMessage(await syncGoogleCalendar()) });
    } catch (error) {
      showToast({ tone: 'error', title: GCAL_MESSAGES.syncToastFailed, description: error instanceof Error ? error.message : undefined });
      void status.mutate();
    } finally {
      setSyncing(false);
    }
  }

  return (
    <div className="calendar-page__actions">
      {status.data?.connected && (
        <Button variant="secondary" busy={syncing} onClick={() => void sync()}>
          Sync
        </Button>
      )}
      <Button onClick={onNewEvent}>New Event</Button>
    </div>
  );
}

function DeleteConfirmation({ event, open, onDone }: { event: CalendarEvent; open: boolean; onDone: (deleted: boolean) => void }) {
  const showToast = useToast();
  async function remove() {
    try {
      await deleteItem('events', event.id);
      showToast({ tone: 'success', title: 'Event moved to trash' });
      onDone(true);
    } catch (error) {
      showToast({ tone: 'error', title: 'Failed to delete event', description: error instanceof Error ? error.message : undefined });
      onDone(false);
    }
  }
  return (
    <ConfirmDialog
      open={open}
      title="Delete event"
      message="Are you sure you want to delete this event? This will move it to trash."
      confirmLabel="Delete"
      tone="danger"
      onConfirm={remove}
      onCancel={() => onDone(false)}
    />
  );
}

/** The first-time connect dialog: once per browser, to users whose Google Calendar is not connected, when the server offers Google. */
function FirstTimeConnect({ suppressed }: { suppressed: boolean }) {
  const status = useGoogleCalendarStatus();
  const [open, setOpen] = useState(false);
  const offer = status.data?.configured === true && !status.data.connected && !suppressed;

  useEffect(() => {
    if (!offer || localStorage.getItem(CONNECT_PROMPT_STORAGE_KEY) !== null) return;
    localStorage.setItem(CONNECT_PROMPT_STORAGE_KEY, new Date().toISOString());
    setOpen(true);
  }, [offer]);

  return open ? <ConnectPrompt onClose={() => setOpen(false)} /> : null;
}
