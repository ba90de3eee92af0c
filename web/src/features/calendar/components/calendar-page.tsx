import { useEffect, useId, useState, type ReactNode } from 'react';
import { useSearchParams } from '../../../lib/navigation';
import { eventDays, eventShowings, type EventShowing } from '../../../../../shared/calendar-events';
import type { CalendarEvent } from '../../../../../shared/calendar-events.schema';
import { CALENDAR } from '../../../../../shared/constants';
import { occurrenceAt } from '../../../../../shared/recurrence';
import { SeriesScopeDialog, type SeriesScope } from '../../../components/items/series-scope-dialog';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ConnectionNotice } from '../../../components/ui/connection-notice';
import { LoadState } from '../../../components/ui/load-state';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { useArrivedInBackground } from '../../../lib/first-paint';
import { discardItem, useItems, useSettings } from '../../../lib/items';
import { localizedGcalError, reportGoogleFailure, syncGoogleCalendar, useGoogleCalendarStatus, useGoogleWaitingNotice } from '../../../lib/google-calendar';
import { CALENDAR_VIEWS, monthGrid, rangeLabel, stepAnchor, timeGridDays, type CalendarView } from '../lib/calendar-dates';
import { isDay } from '../../../lib/zoned-dates';
import { useOfflineStatus } from '../../../lib/offline/status';
import { zonedParts, type Day } from '../../../../../shared/zoned-time';
import type { ProposedTime } from '../lib/event-layout';
import { eventValues, newEventStart, newEventValues, type EventFormValues } from '../lib/event-form';
import { deleteFromSeries } from '../lib/series-changes';
import { useIsMobile } from '../../../components/ui/use-is-mobile';
import { ConnectPrompt } from './connect-prompt';
import { EventDetails } from './event-details';
import { EventEditor } from './event-editor';
import { MonthGrid } from './month-grid';
import { TimeGrid } from './time-grid';
import './calendar.css';
import { useAppTexts } from '../../../i18n/texts';
import { localizedError } from '../../../lib/api';

/** Remembers in this browser that the first-time Google connect dialog was shown. */
const CONNECT_PROMPT_STORAGE_KEY = 'tempo.calendar.connectPromptShown';

const isView = (value: string | null): value is CalendarView => CALENDAR_VIEWS.some((view) => view === value);

/** What the app gives the calendar of planning: a waiting plan's blocks, the Plan buttons, the plan's panel. */
export interface CalendarPlanning {
  proposed: readonly ProposedTime[];
  /** "Plan my day", and in the week view "Plan my week" too. */
  buttons: (scopes: ReadonlyArray<'day' | 'week'>) => ReactNode;
  panel: ReactNode;
}

/**
 * The calendar: Day, Week and Month views with their place in the URL (?view=, ?date=, and
 * ?eventId= for an event's details), New Event, Sync with Google, and the editor. `lead` shows
 * above the toolbar (the app puts quick add there); `planning`, the Plan buttons, a waiting plan's
 * blocks drawn dashed and its panel under the toolbar.
 */
export function CalendarPage({ lead, planning }: { lead?: ReactNode; planning?: CalendarPlanning }) {
  const events = useItems('events');
  const settings = useSettings();
  const eventList = useArrivedInBackground(events.data);
  const settingsData = useArrivedInBackground(settings.data);
  const narrow = useIsMobile();
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState<{ event?: CalendarEvent; occurrence?: string | null; initial: EventFormValues } | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const texts = useAppTexts();
  const t = texts.calendar;

  const reads = [events, settings];
  if (!eventList || !settingsData) {
    return (
      <CalendarFrame lead={lead}>
        <LoadState
          reads={reads}
          failedTitle={t.loadFailed}
          placeholder={
            <p className="page-status__inline" role="status">
              <Spinner /> {texts.common.loading}
            </p>
          }
        >
          {null}
        </LoadState>
      </CalendarFrame>
    );
  }

  const timeZone = settingsData.preferred_timezone;
  const now = zonedParts(new Date(), timeZone);
  const today = now.day;
  const startMinutes = settingsData.calendar_start_hour * 60 + settingsData.calendar_start_minute;
  const view = isView(params.get('view')) ? (params.get('view') as CalendarView) : 'week';
  const eventId = params.get('eventId');
  const shownEvent = eventId ? eventList.find((event) => event.id === eventId) : undefined;
  const shown = showingOf(shownEvent, params.get('occurrence'));
  const dateParam = params.get('date');
  const anchor: Day = isDay(dateParam) ? dateParam : shown ? eventDays(shown, timeZone).first : today;
  const days = view === 'month' ? [] : timeGridDays(view, anchor, narrow);
  const shownDays = view === 'month' ? monthGrid(anchor).flat() : days;
  const showings = eventShowings(eventList, shownDays[0]!, shownDays.at(-1)!, timeZone);

  /** Changes the calendar's place in the URL; null removes a parameter. */
  function go(changes: Partial<Record<'view' | 'date' | 'eventId' | 'occurrence', string | null>>) {
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

  const openEvent = (event: EventShowing) => go({ eventId: event.id, occurrence: event.occurrence });
  // Closing the details keeps the calendar where the event put it.
  const closeEvent = () => go({ eventId: null, occurrence: null, date: anchor });
  const newEventAt = (day: Day, minutes: number) => setEditing({ initial: newEventValues(day, minutes) });

  return (
    <CalendarFrame
      lead={lead}
      actions={
        <CalendarActions
          planButtons={planning?.buttons(view === 'week' ? ['day', 'week'] : ['day'])}
          onNewEvent={() => newEventAt(anchor, newEventStart(anchor, today, now.minutes, startMinutes))}
        />
      }
    >
      <LoadState reads={reads} failedTitle={t.loadFailed} placeholder={null}>
        <GoogleWaiting />
        <div className="calendar-toolbar">
          <div className="calendar-toolbar__nav">
            <Button variant="secondary" onClick={() => go({ date: null })}>
              {t.today}
            </Button>
            <Button variant="ghost" className="calendar-toolbar__step" aria-label={t.previous[view]} onClick={() => go({ date: stepAnchor(view, anchor, -1) })}>
              <span aria-hidden="true">‹</span>
            </Button>
            <Button variant="ghost" className="calendar-toolbar__step" aria-label={t.next[view]} onClick={() => go({ date: stepAnchor(view, anchor, 1) })}>
              <span aria-hidden="true">›</span>
            </Button>
            <h2 className="calendar-toolbar__range" aria-live="polite">
              {rangeLabel(view, anchor, days, texts.dates)}
            </h2>
          </div>
          <div className="calendar-toolbar__views" role="group" aria-label={t.viewGroup}>
            {CALENDAR_VIEWS.map((option) => (
              <button
                key={option}
                type="button"
                className="calendar-toolbar__view"
                aria-pressed={option === view}
                onClick={() => go({ view: option, date: anchor })}
              >
                {t.views[option]}
              </button>
            ))}
          </div>
        </div>
        {planning?.panel}

        {view === 'month' ? (
          <MonthGrid
            anchor={anchor}
            today={today}
            events={showings}
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
            events={showings}
            proposed={planning?.proposed}
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
              setEditing({ event: shownEvent, occurrence: shown.occurrence, initial: eventValues(shown, timeZone) });
            }}
            onDelete={() => setConfirmingDelete(true)}
          />
        )}
        {shown && shownEvent && (
          <DeleteConfirmation
            event={shown}
            stored={shownEvent}
            open={confirmingDelete}
            onDone={(deleted) => {
              setConfirmingDelete(false);
              if (deleted) closeEvent();
            }}
          />
        )}
        {editing && (
          <EventEditor
            key={editing.event?.id ?? 'new'}
            event={editing.event}
            occurrence={editing.occurrence}
            initial={editing.initial}
            timeZone={timeZone}
            onClose={() => setEditing(null)}
          />
        )}
        <FirstTimeConnect suppressed={Boolean(eventId) || editing !== null} />
      </LoadState>
    </CalendarFrame>
  );
}

/** The event the URL names: the occurrence it names when the series has one there, else the event itself. */
function showingOf(event: CalendarEvent | undefined, occurrence: string | null): EventShowing | undefined {
  if (!event) return undefined;
  return (occurrence ? occurrenceAt(event, occurrence) : null) ?? { ...event, occurrence: null };
}

/** The heading and actions, then `lead` (shown while the calendar loads too, so it paints with the frame), then the page. */
function CalendarFrame({ actions, lead, children }: { actions?: ReactNode; lead: ReactNode; children: ReactNode }) {
  const t = useAppTexts().calendar;
  return (
    <div className="calendar-page">
      <title>{t.documentTitle}</title>
      <header className="calendar-page__header">
        <h1 className="calendar-page__title">{t.title}</h1>
        {actions}
      </header>
      {lead}
      {children}
    </div>
  );
}

/** While changes made here wait for Google (an outage, a rate limit): since when, how many, and the next try. */
function GoogleWaiting() {
  const notice = useGoogleWaitingNotice();
  return notice ? <Alert tone="warning">{notice}</Alert> : null;
}

/** Sync (only while Google Calendar is connected), Plan my day (and week), and New Event. */
function CalendarActions({ planButtons, onNewEvent }: { planButtons: ReactNode; onNewEvent: () => void }) {
  const status = useGoogleCalendarStatus();
  const showToast = useToast();
  const [syncing, setSyncing] = useState(false);
  const offline = !useOfflineStatus().online;
  const offlineId = useId();
  const texts = useAppTexts();

  async function sync() {
    setSyncing(true);
    try {
      showToast({ tone: 'success', title: texts.gcal.calendarSynced, description: texts.gcal.synced(await syncGoogleCalendar()) });
    } catch (error) {
      reportGoogleFailure('sync', error);
      showToast({ tone: 'error', title: texts.gcal.syncToastFailed, description: localizedGcalError(error, texts) });
      void status.mutate();
    } finally {
      setSyncing(false);
    }
  }

  return (
    <div className="calendar-page__actions">
      {status.data?.connected && (
        <>
          <Button variant="secondary" busy={syncing} disabled={offline} aria-describedby={offline ? offlineId : undefined} onClick={() => void sync()}>
            {texts.calendar.sync}
          </Button>
          {offline && <ConnectionNotice id={offlineId}>{texts.offline.needsConnection.googleSync}</ConnectionNotice>}
        </>
      )}
      {planButtons}
      <Button onClick={onNewEvent}>{texts.calendar.newEvent}</Button>
    </div>
  );
}

interface DeleteConfirmationProps {
  /** What was opened: the event, or one occurrence of a series. */
  event: EventShowing;
  /** The event as stored: for a series, its first occurrence's times and its rule. */
  stored: CalendarEvent;
  open: boolean;
  onDone: (deleted: boolean) => void;
}

/** Asks with the confirmation text first; then, for an occurrence of a series, which occurrences go. */
function DeleteConfirmation({ event, stored, open, onDone }: DeleteConfirmationProps) {
  const showToast = useToast();
  const texts = useAppTexts();
  const t = texts.calendar.delete;
  const [choosingScope, setChoosingScope] = useState(false);
  const { recurrence } = stored;
  const { occurrence } = event;
  const inSeries = Boolean(recurrence && occurrence);
  const done = (deleted: boolean) => {
    setChoosingScope(false);
    onDone(deleted);
  };
  async function remove(scope: SeriesScope = 'all') {
    try {
      const removed =
        recurrence && occurrence ? await deleteFromSeries({ ...stored, recurrence }, occurrence, scope) : (await discardItem('events', event.id), 'trashed');
      showToast({
        tone: 'success',
        title: { trashed: t.moved, occurrence: texts.repeat.occurrenceDeleted, following: texts.repeat.followingDeleted }[removed],
      });
      done(true);
    } catch (error) {
      showToast({ tone: 'error', title: t.failed, description: localizedError(error, texts, '') || undefined });
      done(false);
    }
  }
  if (open && choosingScope) return <SeriesScopeDialog kind="events" action="delete" onChoose={remove} onCancel={() => done(false)} />;
  return (
    <ConfirmDialog
      open={open}
      title={t.title}
      message={t.message}
      confirmLabel={t.confirm}
      tone="danger"
      onConfirm={() => (inSeries ? setChoosingScope(true) : remove())}
      onCancel={() => done(false)}
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
