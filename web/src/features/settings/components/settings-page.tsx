import { useEffect, useId, useState, type FormEvent } from 'react';
import { SAVED_INDICATOR_MS } from '../../../../../shared/constants';
import { LANGUAGES } from '../../../../../shared/languages';
import type { ReminderChannel, ReminderOffset } from '../../../../../shared/reminders';
import { START_MINUTES, SYNC_FUTURE_MONTHS, SYNC_PAST_DAYS, TIME_ZONES } from '../../../../../shared/settings';
import { SettingsUpdateSchema, type Settings } from '../../../../../shared/settings.schema';
import { RemindersField } from '../../../components/items/reminders-field';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { ConnectionNotice } from '../../../components/ui/connection-notice';
import { LoadState } from '../../../components/ui/load-state';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { useFocusFirstInvalid } from '../../../components/ui/use-focus-first-invalid';
import { saveSettings, useSettings } from '../../../lib/items';
import { useNavigate } from '../../../lib/navigation';
import { useOfflineStatus } from '../../../lib/offline/status';
import { useShowRealtimeStatus } from '../api/realtime-status';
import { signOutEverywhere } from '../api/sign-out-everywhere';
import { CalendarFeedSection } from './calendar-feed-section';
import { GoogleCalendarSection } from './google-calendar-section';
import { NotificationsSection } from './notifications-section';
import { WholeNumberField } from './whole-number-field';
import { errorKeyOf, planningDraftOf, planningHoursOf, PlanningSection, settingsMessage, type PlanningDraft } from './planning-section';
import { ReminderMailStatus } from './reminder-mail-status';
import { lazySection, SectionsLoadedApart } from './sections-loaded-apart';
import './settings.css';
import { useAppTexts } from '../../../i18n/texts';
import { ApiError } from '../../../lib/api';
import { loadCatalogue } from '../../../i18n/catalogues';
import { changeLanguage } from '../../../i18n/language';

/** Read by few: their code and texts (the catalogues' settingsSections part) download apart from the page's, once it shows. */
const AccessTokensSection = lazySection(() => import('./access-tokens-section').then((module) => module.AccessTokensSection));
const WebhooksSection = lazySection(() => import('./webhooks-section').then((module) => module.WebhooksSection));
const DataExportSection = lazySection(() => import('./data-export-section').then((module) => module.DataExportSection));
const DataImportSection = lazySection(() => import('./data-import-section').then((module) => module.DataImportSection));
const AccountDeletionSection = lazySection(() => import('./account-deletion-section').then((module) => module.AccountDeletionSection));

const ZONE_OPTIONS = TIME_ZONES.map((zone) => ({ value: zone.id, label: zone.label }));
const HOUR_OPTIONS = Array.from({ length: 24 }, (_, hour) => ({ value: String(hour), label: `${String(hour).padStart(2, '0')}:00` }));
const MINUTE_OPTIONS = START_MINUTES.map((minute) => ({ value: String(minute), label: String(minute).padStart(2, '0') }));

/** The form's fields as typed: numbers stay text until saved, so a cleared field can be checked. */
interface Draft extends PlanningDraft {
  full_name: string;
  lang: string;
  preferred_timezone: string;
  use_personalization: boolean;
  calendar_start_hour: string;
  calendar_start_minute: string;
  sync_past_days: string;
  sync_future_months: string;
  event_reminders: ReminderOffset[];
  task_reminders: ReminderOffset[];
  reminder_channels: Record<ReminderChannel, boolean>;
}
/** Messages by field, and by day for the working hours (errorKeyOf). */
type Errors = Partial<Record<string, string>>;

function toDraft(settings: Settings): Draft {
  return {
    full_name: settings.full_name ?? '',
    lang: settings.lang,
    preferred_timezone: settings.preferred_timezone,
    use_personalization: settings.use_personalization,
    calendar_start_hour: String(settings.calendar_start_hour),
    calendar_start_minute: String(settings.calendar_start_minute),
    sync_past_days: String(settings.sync_past_days),
    sync_future_months: String(settings.sync_future_months),
    event_reminders: [...settings.event_reminders],
    task_reminders: [...settings.task_reminders],
    reminder_channels: { ...settings.reminder_channels },
    ...planningDraftOf(settings),
  };
}

/** Empty text is not a number; the schema then names the field's range. */
const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** Account & Language, Personalization, Calendar Display, Reminders, Planning and Calendar Integration, saved together. */
export function SettingsPage() {
  const settings = useSettings();
  const texts = useAppTexts();
  const t = texts.settings;
  return (
    <div className="settings-page">
      <title>{t.documentTitle}</title>
      <h1>{t.title}</h1>
      <LoadState
        reads={[settings]}
        failedTitle={t.loadFailed}
        placeholder={
          <p className="page-status__inline" role="status">
            <Spinner /> {texts.common.loading}
          </p>
        }
      >
        {settings.data && <SettingsForm settings={settings.data} />}
      </LoadState>
      <CalendarFeedSection />
      <SectionsLoadedApart>
        <AccessTokensSection />
        <WebhooksSection />
      </SectionsLoadedApart>
      <SessionsSection />
      {/* Your data: export, import, delete the account; each loaded apart as the access tokens are. */}
      <SectionsLoadedApart>
        <DataExportSection />
        <DataImportSection />
        <AccountDeletionSection />
      </SectionsLoadedApart>
    </div>
  );
}

/**
 * "Sign out everywhere": the server ends every session of the account (refresh tokens, tokens
 * already issued, open sockets), and with the box ticked every access token too; this browser then
 * signs out as "Sign Out" does. The box starts unticked: scripts and assistants keep working unless asked.
 */
function SessionsSection() {
  const showToast = useToast();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [revokeAccessTokens, setRevokeAccessTokens] = useState(false);
  const offline = !useOfflineStatus().online;
  const offlineId = useId();
  const texts = useAppTexts();
  const t = texts.settings;

  async function signOutEverywhereNow() {
    setBusy(true);
    try {
      await signOutEverywhere(revokeAccessTokens);
      navigate('/signout');
    } catch {
      showToast({ tone: 'error', title: t.signOutEverywhereFailed });
      setBusy(false);
    }
  }

  return (
    <section className="card settings-section" aria-labelledby="settings-sessions">
      <h2 id="settings-sessions">{t.sessions}</h2>
      <p>{t.signOutEverywhereHint}</p>
      <Checkbox label={t.alsoRevokeAccessTokens} checked={revokeAccessTokens} onChange={(event) => setRevokeAccessTokens(event.target.checked)} />
      <div>
        <Button
          variant="secondary"
          busy={busy}
          disabled={offline}
          aria-describedby={offline ? offlineId : undefined}
          onClick={() => void signOutEverywhereNow()}
        >
          {t.signOutEverywhere}
        </Button>
      </div>
      {offline && <ConnectionNotice id={offlineId}>{texts.offline.needsConnection.signOutEverywhere}</ConnectionNotice>}
    </section>
  );
}

function SettingsForm({ settings }: { settings: Settings }) {
  const showToast = useToast();
  const [draft, setDraft] = useState(() => toDraft(settings));
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const [form, focusFirstInvalid] = useFocusFirstInvalid();
  const [showStatus, setShowStatus] = useShowRealtimeStatus();
  const offline = !useOfflineStatus().online;
  const offlineId = useId();
  const texts = useAppTexts();
  const t = texts.settings;

  useEffect(() => {
    if (savedAt === null) return;
    const timer = setTimeout(() => setSavedAt(null), SAVED_INDICATOR_MS);
    return () => clearTimeout(timer);
  }, [savedAt]);

  function change<K extends keyof Draft>(field: K, value: Draft[K]) {
    changeFields({ [field]: value }, field);
  }

  /** Fields changed together, and the message they clear (a day's hours have one per day). */
  function changeFields(patch: Partial<Draft>, errorKey: string) {
    setDraft((current) => ({ ...current, ...patch }));
    setErrors((current) => ({ ...current, [errorKey]: undefined }));
  }

  // From the draft as it is then: the push permission's answer comes later than the click.
  function turnChannel(channel: ReminderChannel, on: boolean) {
    setDraft((current) => ({ ...current, reminder_channels: { ...current.reminder_channels, [channel]: on } }));
  }

  /** Each field's first message, in the person's language, and the focus on the first field to fix. */
  function showErrors(messages: ReadonlyArray<[key: string, message: string]>) {
    const found: Errors = {};
    for (const [key, message] of messages) found[key] ??= settingsMessage(message, texts);
    setErrors(found);
    focusFirstInvalid();
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // What the form holds, as the API takes it; the schema decides whether it is a valid patch.
    const patch = {
      full_name: draft.use_personalization ? draft.full_name.trim() || null : null,
      lang: draft.lang,
      preferred_timezone: draft.preferred_timezone,
      use_personalization: draft.use_personalization,
      calendar_start_hour: toNumber(draft.calendar_start_hour),
      calendar_start_minute: toNumber(draft.calendar_start_minute),
      sync_past_days: toNumber(draft.sync_past_days),
      sync_future_months: toNumber(draft.sync_future_months),
      event_reminders: draft.event_reminders,
      task_reminders: draft.task_reminders,
      reminder_channels: draft.reminder_channels,
      ...planningHoursOf(draft),
      plan_buffer_minutes: toNumber(draft.plan_buffer_minutes),
      default_task_minutes: toNumber(draft.default_task_minutes),
    };
    const parsed = SettingsUpdateSchema.safeParse(patch);
    if (!parsed.success) {
      showErrors(parsed.error.issues.map((issue) => [errorKeyOf(issue.path), issue.message]));
      return;
    }
    setSaving(true);
    try {
      const saved = await saveSettings(parsed.data);
      // A new language shows at once, and the confirmation is said in it.
      await changeLanguage(saved.lang);
      setDraft(toDraft(saved));
      setSavedAt(Date.now());
      showToast({ tone: 'success', title: (await loadCatalogue(saved.lang, 'app')).settings.saved });
    } catch (failure) {
      // The server checks with the same schema; what it refuses anyway is shown by its field too.
      if (failure instanceof ApiError && Object.keys(failure.fields).length > 0)
        showErrors(Object.entries(failure.fields).map(([path, message]) => [errorKeyOf(path.split('.')), message]));
      showToast({ tone: 'error', title: t.saveFailed });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form ref={form} className="settings-form" noValidate onSubmit={(event) => void save(event)}>
      <section className="card settings-section" aria-labelledby="settings-account">
        <h2 id="settings-account">{t.account}</h2>
        <TextField
          label={t.displayName}
          optional
          autoComplete="name"
          value={draft.full_name}
          disabled={!draft.use_personalization}
          hint={draft.use_personalization ? undefined : t.displayNameHint}
          error={errors.full_name}
          onChange={(event) => change('full_name', event.target.value)}
        />
        <Select
          label={texts.common.language}
          options={LANGUAGES.map((value) => ({ value, label: texts.languageNames[value] }))}
          value={draft.lang}
          onChange={(event) => change('lang', event.target.value)}
        />
        <Select
          label={t.timeZone}
          options={ZONE_OPTIONS}
          value={draft.preferred_timezone}
          onChange={(event) => change('preferred_timezone', event.target.value)}
        />
      </section>

      <section className="card settings-section" aria-labelledby="settings-personalization">
        <h2 id="settings-personalization">{t.personalization}</h2>
        <Checkbox label={t.usePersonalization} checked={draft.use_personalization} onChange={(event) => change('use_personalization', event.target.checked)} />
      </section>

      <section className="card settings-section" aria-labelledby="settings-calendar-display">
        <h2 id="settings-calendar-display">{t.calendarDisplay}</h2>
        <div className="settings-row">
          <Select
            label={t.startHour}
            options={HOUR_OPTIONS}
            value={draft.calendar_start_hour}
            onChange={(event) => change('calendar_start_hour', event.target.value)}
          />
          <Select
            label={t.startMinute}
            options={MINUTE_OPTIONS}
            value={draft.calendar_start_minute}
            onChange={(event) => change('calendar_start_minute', event.target.value)}
          />
        </div>
      </section>

      <section className="card settings-section" aria-labelledby="settings-reminders">
        <h2 id="settings-reminders">{t.reminders}</h2>
        <RemindersField
          legend={t.eventReminders}
          hint={t.remindersDefaultHint}
          value={draft.event_reminders}
          error={errors.event_reminders}
          onChange={(value) => change('event_reminders', value)}
        />
        <RemindersField
          legend={t.taskReminders}
          value={draft.task_reminders}
          error={errors.task_reminders}
          onChange={(value) => change('task_reminders', value)}
        />
        <Checkbox label={t.remindersOnScreen} checked={draft.reminder_channels.screen} onChange={(event) => turnChannel('screen', event.target.checked)} />
        <Checkbox label={t.remindersByPush} checked={draft.reminder_channels.push} onChange={(event) => turnChannel('push', event.target.checked)} />
        <NotificationsSection onTurnedOn={() => turnChannel('push', true)} />
        <Checkbox
          label={settings.reminder_mail_to ? t.remindersByMailTo(settings.reminder_mail_to) : t.remindersByMail}
          checked={draft.reminder_channels.mail}
          onChange={(event) => turnChannel('mail', event.target.checked)}
        />
        <ReminderMailStatus mailOn={settings.reminder_channels.mail} lang={settings.lang} timeZone={settings.preferred_timezone} />
      </section>

      <PlanningSection draft={draft} errors={errors} onChange={changeFields} />

      <section className="card settings-section" aria-labelledby="settings-integration">
        <h2 id="settings-integration">{t.integration}</h2>
        <GoogleCalendarSection />
        <div className="settings-row">
          <WholeNumberField
            label={t.syncPastDays}
            range={SYNC_PAST_DAYS}
            value={draft.sync_past_days}
            error={errors.sync_past_days}
            onChange={(value) => change('sync_past_days', value)}
          />
          <WholeNumberField
            label={t.syncFutureMonths}
            range={SYNC_FUTURE_MONTHS}
            value={draft.sync_future_months}
            error={errors.sync_future_months}
            onChange={(value) => change('sync_future_months', value)}
          />
        </div>
      </section>

      <section className="card settings-section" aria-labelledby="settings-realtime">
        <h2 id="settings-realtime">{t.connectionStatus}</h2>
        {/* The status itself shows in the app's frame (./realtime-indicator.tsx), on every page. */}
        <Checkbox label={t.showConnectionStatus} checked={showStatus} onChange={(event) => setShowStatus(event.target.checked)} />
      </section>

      <div className="settings-save">
        {offline && <ConnectionNotice id={offlineId}>{texts.offline.needsConnection.settings}</ConnectionNotice>}
        {savedAt !== null && (
          <span className="settings-save__saved" role="status">
            {t.savedIndicator}
          </span>
        )}
        <Button type="submit" busy={saving} disabled={offline} aria-describedby={offline ? offlineId : undefined}>
          {t.save}
        </Button>
      </div>
    </form>
  );
}
