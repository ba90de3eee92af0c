import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { WEBHOOK_EVENTS, WEBHOOK_LIMITS, WEBHOOK_MESSAGES, type WebhookEvent } from '../../../../../shared/webhooks';
import { WebhookCreateSchema, type WebhookDelivery, type WebhookEntry } from '../../../../../shared/webhooks.schema';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ConnectionNotice } from '../../../components/ui/connection-notice';
import { RefreshButton } from '../../../components/ui/refresh-button';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { useFocusFirstInvalid } from '../../../components/ui/use-focus-first-invalid';
import { useAppTexts, useSettingsSectionTexts } from '../../../i18n/texts';
import { ApiError, localizedError, localizedFieldError, localizeMessage } from '../../../lib/api';
import { useOfflineStatus } from '../../../lib/offline/status';
import { createWebhook, removeWebhook, retryDelivery, updateWebhook, useWebhookDeliveries, useWebhooks } from '../api/webhooks';
import { SecretShownOnce } from './secret-shown-once';
import { useInstantTexts } from './use-instant-texts';

/** How often an open delivery log is read again while a delivery waits for its next try. */
const PENDING_REFRESH_MS = 10_000;
const SWITCH_OFF_DAYS = WEBHOOK_LIMITS.switchOffAfterMs / 86_400_000;

interface NeedsNetwork {
  disabled: boolean;
  'aria-describedby': string | undefined;
}

/**
 * Settings → Webhooks: the person's https addresses that hear of their changes, each message signed
 * with a secret shown once when the webhook is added. Each webhook can be edited, switched off and
 * on (also after the server switched it off for failing for days), removed after a question, and
 * has a delivery log to open, where a failed delivery can be sent again. Everything here needs the network.
 */
export function WebhooksSection() {
  const texts = useAppTexts();
  const platformTexts = useSettingsSectionTexts().openPlatform;
  const t = platformTexts.webhooks;
  const own = { english: WEBHOOK_MESSAGES, translated: t.messages };
  const showToast = useToast();
  const webhooks = useWebhooks();
  const offline = !useOfflineStatus().online;
  const offlineId = useId();
  const [secret, setSecret] = useState<string | null>(null);
  const [removing, setRemoving] = useState<WebhookEntry | null>(null);
  const [removed, setRemoved] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const needsNetwork: NeedsNetwork = { disabled: offline, 'aria-describedby': offline ? offlineId : undefined };

  // The removed webhook's row and its button are gone: the section's heading takes the focus the dialog gives back.
  useEffect(() => {
    if (removed > 0) heading.current?.focus();
  }, [removed]);

  const replace = (changed: WebhookEntry) =>
    webhooks.mutate((current) => current?.map((each) => (each.id === changed.id ? changed : each)), { revalidate: false });

  async function remove(webhook: WebhookEntry) {
    try {
      await removeWebhook(webhook.id);
      await webhooks.mutate((current) => current?.filter((each) => each.id !== webhook.id), { revalidate: false });
      showToast({ tone: 'success', title: t.removed });
      setRemoved((count) => count + 1);
    } catch (failure) {
      showToast({ tone: 'error', title: t.changeFailed, description: localizedError(failure, texts, '', own) || undefined });
    } finally {
      setRemoving(null);
    }
  }

  const list = webhooks.data;
  const full = (list?.length ?? 0) >= WEBHOOK_LIMITS.perAccount;
  return (
    <section className="card settings-section" aria-labelledby="settings-webhooks">
      <h2 id="settings-webhooks" ref={heading} tabIndex={-1}>
        {t.title}
      </h2>
      <p>{t.hint}</p>
      <p>{t.signing}</p>
      {webhooks.error && !list && <p role="alert">{t.loadFailed}</p>}
      {secret && (
        <SecretShownOnce
          label={t.secretLabel}
          secret={secret}
          shownOnce={t.secretShownOnce}
          copyLabel={t.copySecret}
          copied={t.secretCopied}
          copyFailed={t.copyFailed}
          doneLabel={t.done}
          onDone={() => {
            setSecret(null);
            heading.current?.focus();
          }}
        />
      )}
      {list &&
        (list.length === 0 ? (
          <p className="settings-muted">{t.none}</p>
        ) : (
          <ul className="settings-entries" aria-label={t.listLabel}>
            {list.map((webhook) => (
              <WebhookRow key={webhook.id} webhook={webhook} needsNetwork={needsNetwork} onChanged={replace} onRemove={() => setRemoving(webhook)} />
            ))}
          </ul>
        ))}
      {list && full && <p role="status">{t.limit(WEBHOOK_LIMITS.perAccount)}</p>}
      {list && !full && (
        <div className="settings-subform">
          <h3 className="settings-subtitle">{t.newTitle}</h3>
          <WebhookForm
            submitLabel={t.add}
            needsNetwork={needsNetwork}
            onSubmit={async (fields) => {
              const created = await createWebhook(fields);
              await webhooks.mutate((current) => [...(current ?? []), created.webhook], { revalidate: false });
              setSecret(created.secret);
            }}
          />
        </div>
      )}
      {offline && <ConnectionNotice id={offlineId}>{platformTexts.needsConnection.webhooks}</ConnectionNotice>}
      <ConfirmDialog
        open={removing !== null}
        title={t.removeTitle}
        message={removing ? t.removeMessage(removing.url) : ''}
        confirmLabel={t.remove}
        tone="danger"
        onConfirm={() => (removing ? remove(removing) : undefined)}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}

interface WebhookRowProps {
  webhook: WebhookEntry;
  needsNetwork: NeedsNetwork;
  onChanged: (webhook: WebhookEntry) => Promise<unknown>;
  onRemove: () => void;
}

/** One webhook: its address, events and state, its actions, and its delivery log to open. */
function WebhookRow({ webhook, needsNetwork, onChanged, onRemove }: WebhookRowProps) {
  const texts = useAppTexts();
  const t = useSettingsSectionTexts().openPlatform.webhooks;
  const own = { english: WEBHOOK_MESSAGES, translated: t.messages };
  const showToast = useToast();
  const { day } = useInstantTexts();
  const [editing, setEditing] = useState(false);
  const [logOpen, setLogOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const actions = useRef<HTMLDivElement>(null);
  const [editsDone, setEditsDone] = useState(0);
  const logId = useId();

  // The form is gone and the row's buttons are back: Edit takes the focus again.
  useEffect(() => {
    if (editsDone > 0) actions.current?.querySelector('button')?.focus();
  }, [editsDone]);

  async function switchTo(enabled: boolean) {
    setBusy(true);
    try {
      await onChanged(await updateWebhook(webhook.id, { enabled }));
      showToast({ tone: 'success', title: enabled ? t.switchedOn : t.switchedOffByYou });
    } catch (failure) {
      showToast({ tone: 'error', title: t.changeFailed, description: localizedError(failure, texts, '', own) || undefined });
    } finally {
      setBusy(false);
    }
  }

  function stopEditing() {
    setEditing(false);
    setEditsDone((count) => count + 1);
  }

  return (
    <li className="settings-entry settings-entry--stacked">
      <div className="settings-entry__text">
        <p className="settings-entry__title">
          <span className="settings-url">{webhook.url}</span>{' '}
          <span className={webhook.enabled ? 'settings-badge settings-badge--on' : 'settings-badge'}>{webhook.enabled ? t.on : t.off}</span>
        </p>
        <p className="settings-muted">{webhook.events.map((event) => t.events[event]).join(' · ')}</p>
        {webhook.enabled && webhook.failing_since && <p className="settings-warning">{t.failingSince(day(webhook.failing_since))}</p>}
      </div>
      {webhook.switched_off && (
        <div className="settings-warning" role="status">
          <p>{t.switchedOffByServer(day(webhook.switched_off.at), SWITCH_OFF_DAYS)}</p>
          <Button variant="secondary" busy={busy} {...needsNetwork} onClick={() => void switchTo(true)}>
            {t.switchOnAgain}
          </Button>
        </div>
      )}
      {editing ? (
        <WebhookForm
          initial={webhook}
          submitLabel={t.save}
          needsNetwork={needsNetwork}
          onCancel={stopEditing}
          onSubmit={async (fields) => {
            await onChanged(await updateWebhook(webhook.id, fields));
            showToast({ tone: 'success', title: t.saved });
            stopEditing();
          }}
        />
      ) : (
        <div ref={actions} className="settings-actions">
          <Button variant="secondary" aria-label={t.editLabel(webhook.url)} {...needsNetwork} onClick={() => setEditing(true)}>
            {t.edit}
          </Button>
          {!webhook.switched_off && (
            <Button variant="ghost" busy={busy} {...needsNetwork} onClick={() => void switchTo(!webhook.enabled)}>
              {webhook.enabled ? t.switchOff : t.switchOn}
            </Button>
          )}
          <Button variant="ghost" className="button--danger" aria-label={t.removeLabel(webhook.url)} {...needsNetwork} onClick={onRemove}>
            {t.remove}
          </Button>
          <Button variant="ghost" aria-expanded={logOpen} aria-controls={logId} onClick={() => setLogOpen(!logOpen)}>
            {t.deliveries}
          </Button>
        </div>
      )}
      <div id={logId} hidden={!logOpen}>
        {logOpen && <DeliveryLog webhookId={webhook.id} needsNetwork={needsNetwork} />}
      </div>
    </li>
  );
}

interface WebhookFields {
  url: string;
  events: WebhookEvent[];
}

interface WebhookFormProps {
  /** The webhook being edited; none for a new one. */
  initial?: WebhookEntry;
  submitLabel: string;
  needsNetwork: NeedsNetwork;
  onSubmit: (fields: WebhookFields) => Promise<void>;
  onCancel?: () => void;
}

/**
 * An https address and the events it hears of, checked with the API's own schema first; the API's
 * refusals (an address that is not public, the limit, a demo account) stay on screen.
 */
function WebhookForm({ initial, submitLabel, needsNetwork, onSubmit, onCancel }: WebhookFormProps) {
  const texts = useAppTexts();
  const t = useSettingsSectionTexts().openPlatform.webhooks;
  const own = { english: WEBHOOK_MESSAGES, translated: t.messages };
  const [url, setUrl] = useState(initial?.url ?? '');
  const [events, setEvents] = useState<readonly WebhookEvent[]>(initial?.events ?? WEBHOOK_EVENTS);
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [form, focusFirstInvalid] = useFocusFirstInvalid();
  const eventsErrorId = useId();

  function showErrors(found: { url?: string; events?: string }) {
    setErrors(found);
    focusFirstInvalid();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setRefusal(null);
    const parsed = WebhookCreateSchema.safeParse({ url, events });
    if (!parsed.success) {
      const found: { url?: string; events?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'events' ? 'events' : 'url';
        found[field] ??= localizeMessage(issue.message, texts, own);
      }
      showErrors(found);
      return;
    }
    setBusy(true);
    try {
      await onSubmit(parsed.data);
      if (!initial) {
        setUrl('');
        setEvents(WEBHOOK_EVENTS);
      }
      setErrors({});
    } catch (failure) {
      const fields =
        failure instanceof ApiError ? { url: localizedFieldError(failure, 'url', texts, own), events: localizedFieldError(failure, 'events', texts, own) } : {};
      if (fields.url || fields.events) showErrors(fields);
      else setRefusal(localizedError(failure, texts, t.changeFailed, own));
    } finally {
      setBusy(false);
    }
  }

  const toggle = (event: WebhookEvent, on: boolean) => {
    setEvents(WEBHOOK_EVENTS.filter((each) => (each === event ? on : events.includes(each))));
    setErrors({ ...errors, events: undefined });
  };

  return (
    <form ref={form} className="settings-subform" noValidate onSubmit={(event) => void submit(event)}>
      {refusal && <Alert tone="error">{refusal}</Alert>}
      <TextField
        label={t.url}
        type="url"
        inputMode="url"
        hint={t.urlHint}
        value={url}
        maxLength={WEBHOOK_LIMITS.urlMax}
        error={errors.url}
        onChange={(event) => {
          setUrl(event.target.value);
          setErrors({ ...errors, url: undefined });
        }}
      />
      <fieldset className="settings-choices" aria-invalid={errors.events ? true : undefined} aria-describedby={errors.events ? eventsErrorId : undefined}>
        <legend>{t.eventsLegend}</legend>
        {WEBHOOK_EVENTS.map((event) => (
          <Checkbox key={event} label={t.events[event]} checked={events.includes(event)} onChange={(change) => toggle(event, change.target.checked)} />
        ))}
        {errors.events && (
          <p className="field__error" id={eventsErrorId}>
            {errors.events}
          </p>
        )}
      </fieldset>
      <div className="settings-actions">
        <Button type="submit" busy={busy} {...needsNetwork}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="ghost" disabled={busy} onClick={onCancel}>
            {texts.common.cancel}
          </Button>
        )}
      </div>
    </form>
  );
}

/** A webhook's latest deliveries: each one's event, state, tries and last answer; a failed one can be sent again. */
function DeliveryLog({ webhookId, needsNetwork }: { webhookId: string; needsNetwork: NeedsNetwork }) {
  const texts = useAppTexts();
  const t = useSettingsSectionTexts().openPlatform.webhooks;
  const own = { english: WEBHOOK_MESSAGES, translated: t.messages };
  const showToast = useToast();
  const { dayAndTime } = useInstantTexts();
  const deliveries = useWebhookDeliveries(webhookId, true, PENDING_REFRESH_MS);
  const [sending, setSending] = useState<string | null>(null);

  async function sendAgain(delivery: WebhookDelivery) {
    setSending(delivery.id);
    try {
      const sent = await retryDelivery(webhookId, delivery.id);
      await deliveries.mutate((current) => current?.map((each) => (each.id === sent.id ? sent : each)), { revalidate: false });
      showToast({ tone: 'success', title: t.sentAgain });
    } catch (failure) {
      showToast({ tone: 'error', title: t.sendAgainFailed, description: localizedError(failure, texts, '', own) || undefined });
    } finally {
      setSending(null);
    }
  }

  const status = (delivery: WebhookDelivery) =>
    delivery.status === 'pending'
      ? delivery.next_attempt_at
        ? t.retrying(dayAndTime(delivery.next_attempt_at))
        : t.sending
      : delivery.status === 'delivered'
        ? t.delivered
        : t.failed;
  const lastAnswer = (delivery: WebhookDelivery) =>
    [delivery.last_status_code !== null ? `HTTP ${delivery.last_status_code}` : null, delivery.last_error].filter(Boolean).join(' · ') || '—';

  const list = deliveries.data;
  return (
    <div className="settings-deliveries">
      <div className="settings-actions">
        <RefreshButton label={t.refreshDeliveries} onRefresh={() => deliveries.mutate()} />
      </div>
      {deliveries.error && !list && <p role="alert">{t.deliveriesLoadFailed}</p>}
      {list && list.length === 0 && <p className="settings-muted">{t.noDeliveries(WEBHOOK_LIMITS.logDays)}</p>}
      {list && list.length > 0 && (
        <table className="settings-table">
          <caption className="visually-hidden">{t.deliveries}</caption>
          <thead>
            <tr>
              <th scope="col">{t.columns.when}</th>
              <th scope="col">{t.columns.event}</th>
              <th scope="col">{t.columns.status}</th>
              <th scope="col">{t.columns.attempts}</th>
              <th scope="col">{t.columns.lastAnswer}</th>
              <th scope="col">
                <span className="visually-hidden">{t.columns.actions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((delivery) => (
              <tr key={delivery.id}>
                <td>{dayAndTime(delivery.created_at)}</td>
                <td>{t.events[delivery.event]}</td>
                <td className={`settings-delivery settings-delivery--${delivery.status}`}>{status(delivery)}</td>
                <td>{delivery.attempts}</td>
                <td>{lastAnswer(delivery)}</td>
                <td>
                  {delivery.status === 'failed' && (
                    <Button variant="secondary" busy={sending === delivery.id} {...needsNetwork} onClick={() => void sendAgain(delivery)}>
                      {t.sendAgain}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
