import { useEffect, useState, type FormEvent } from 'react';
import { SAVED_INDICATOR_MS } from '../../../../../shared/constants';
import { LANGUAGES, SettingsUpdateSchema, START_MINUTES, SYNC_FUTURE_MONTHS, SYNC_PAST_DAYS, TIME_ZONES, type Settings } from '../../../../../shared/settings';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { LoadState } from '../../../components/ui/load-state';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { useFocusFirstInvalid } from '../../../components/ui/use-focus-first-invalid';
import { saveSettings, useSettings } from '../../../lib/items';
import { useShowRealtimeStatus } from '../api/realtime-status';
import { GoogleCalendarSection } from './google-calendar-section';
import './settings.css';

const LANGUAGE_LABELS: Record<(typeof LANGUAGES)[number], string> = { en: 'English', es: 'Spanish', fr: 'French', de: 'German' };
const LANGUAGE_OPTIONS = LANGUAGES.map((value) => ({ value, label: LANGUAGE_LABELS[value] }));
const ZONE_OPTIONS = TIME_ZONES.map((zone) => ({ value: zone.id, label: zone.label }));
const HOUR_OPTIONS = Array.from({ length: 24 }, (_, hour) => ({ value: String(hour), label: `${String(hour).padStart(2, '0')}:00` }));
const MINUTE_OPTIONS = START_MINUTES.map((minute) => ({ value: String(minute), label: String(minute).padStart(2, '0') }));

/** The form's fields as typed: numbers stay text until saved, so a cleared field can be checked. */
interface Draft {
  full_name: string;
  lang: string;
  preferred_timezone: string;
  use_personalization: boolean;
  calendar_start_hour: string;
  calendar_start_minute: string;
  sync_past_days: string;
  sync_future_months: string;
}
type Errors = Partial<Record<keyof Draft, string>>;

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
  };
}

/** Empty text is not a number; the schema then names the field's range. */
const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** Account & Language, Personalization, Calendar Display and Calendar Integration, saved together. */
export function SettingsPage() {
  const settings = useSettings();
  return (
    <div className="settings-page">
      <title>Settings · Tempo</title>
      <h1>Settings</h1>
      <LoadState
        reads={[settings]}
        what="settings"
        placeholder={
          <p className="page-status__inline" role="status">
            <Spinner /> Loading...
          </p>
        }
      >
        {settings.data && <SettingsForm settings={settings.data} />}
      </LoadState>
    </div>
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

  useEffect(() => {
    if (savedAt === null) return;
    const timer = setTimeout(() => setSavedAt(null), SAVED_INDICATOR_MS);
    return () => clearTimeout(timer);
  }, [savedAt]);

  function change<K extends keyof Draft>(field: K, value: Draft[K]) {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
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
    };
    const parsed = SettingsUpdateSchema.safeParse(patch);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof Draft] ??= issue.message;
      setErrors(found);
      focusFirstInvalid();
      return;
    }
    setSaving(true);
    try {
      setDraft(toDraft(await saveSettings(parsed.data)));
      setSavedAt(Date.now());
      showToast({ tone: 'success', title: 'Settings saved successfully' });
    } catch {
      showToast({ tone: 'error', title: 'Failed to save settings' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form ref={form} className="settings-form" noValidate onSubmit={(event) => void save(event)}>
      <section className="card settings-section" aria-labelledby="settings-account">
        <h2 id="settings-account">Account &amp; Language</h2>
        <TextField
          label="Display name"
          optional
          autoComplete="name"
          value={draft.full_name}
          disabled={!draft.use_personalization}
          hint={draft.use_personalization ? undefined : 'Turn on personalization to use a display name.'}
          error={errors.full_name}
          onChange={(event) => change('full_name', event.target.value)}
        />
        <Select label="Language" options={LANGUAGE_OPTIONS} value={draft.lang} onChange={(event) => change('lang', event.target.value)} />
        <Select
          label="Time zone"
          options={ZONE_OPTIONS}
          value={draft.preferred_timezone}
          onChange={(event) => change('preferred_timezone', event.target.value)}
        />
      </section>

      <section className="card settings-section" aria-labelledby="settings-personalization">
        <h2 id="settings-personalization">Personalization</h2>
        <Checkbox
          label="Use personalization (your name in greetings and by the assistant)"
          checked={draft.use_personalization}
          onChange={(event) => change('use_personalization', event.target.checked)}
        />
      </section>

      <section className="card settings-section" aria-labelledby="settings-calendar-display">
        <h2 id="settings-calendar-display">Calendar Display</h2>
        <div className="settings-row">
          <Select
            label="Start hour"
            options={HOUR_OPTIONS}
            value={draft.calendar_start_hour}
            onChange={(event) => change('calendar_start_hour', event.target.value)}
          />
          <Select
            label="Start minute"
            options={MINUTE_OPTIONS}
            value={draft.calendar_start_minute}
            onChange={(event) => change('calendar_start_minute', event.target.value)}
          />
        </div>
      </section>

      <section className="card settings-section" aria-labelledby="settings-integration">
        <h2 id="settings-integration">Calendar Integration</h2>
        <GoogleCalendarSection />
        <div className="settings-row">
          <TextField
            label="Sync past days"
            type="number"
            inputMode="numeric"
            min={SYNC_PAST_DAYS.min}
            max={SYNC_PAST_DAYS.max}
            hint="0 to 60"
            value={draft.sync_past_days}
            error={errors.sync_past_days}
            onChange={(event) => change('sync_past_days', event.target.value)}
          />
          <TextField
            label="Sync future months"
            type="number"
            inputMode="numeric"
            min={SYNC_FUTURE_MONTHS.min}
            max={SYNC_FUTURE_MONTHS.max}
            hint="1 to 12"
            value={draft.sync_future_months}
            error={errors.sync_future_months}
            onChange={(event) => change('sync_future_months', event.target.value)}
          />
        </div>
      </section>

      <section className="card settings-section" aria-labelledby="settings-realtime">
        <h2 id="settings-realtime">Connection Status</h2>
        {/* The status itself shows in the app's frame (./realtime-indicator.tsx), on every page. */}
        <Checkbox label="Show real-time connection status" checked={showStatus} onChange={(event) => setShowStatus(event.target.checked)} />
      </section>

      <div className="settings-save">
        {savedAt !== null && (
          <span className="settings-save__saved" role="status">
            ✓ Saved
          </span>
        )}
        <Button type="submit" busy={saving}>
          Save Settings
        </Button>
      </div>
    </form>
  );
}
