import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  ACCESS_TOKEN_LIFETIMES_DAYS,
  ACCESS_TOKEN_LIMITS,
  ACCESS_TOKEN_MESSAGES,
  ACCESS_TOKEN_PREFIX,
  ACCESS_TOKEN_SCOPES,
  type AccessTokenScope,
} from '../../../../../shared/access-tokens';
import { AccessTokenCreateSchema, type AccessTokenEntry } from '../../../../../shared/access-tokens.schema';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ConnectionNotice } from '../../../components/ui/connection-notice';
import { Select } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { useFocusFirstInvalid } from '../../../components/ui/use-focus-first-invalid';
import { useAppTexts, useSettingsSectionTexts } from '../../../i18n/texts';
import { ApiError, localizedError, localizedFieldError, localizeMessage } from '../../../lib/api';
import { useOfflineStatus } from '../../../lib/offline/status';
import { createAccessToken, revokeAccessToken, useAccessTokens } from '../api/access-tokens';
import { SecretShownOnce } from './secret-shown-once';
import { useInstantTexts } from './use-instant-texts';

/** The lifetime a new token is offered first. */
const DEFAULT_LIFETIME = 30;
/** The header a script sends (HTTP's words, the same in every language). */
const AUTHORIZATION_HEADER = `Authorization: Bearer ${ACCESS_TOKEN_PREFIX}…`;

/**
 * Settings → Access tokens: what a script or an outside AI assistant (through the MCP server) uses
 * instead of the person's password. Listed with their scope, hint, dates and last use; made with
 * a name, a scope and a lifetime, and then shown once (the server keeps only a hash); revoked after
 * a question. Everything here needs the network.
 */
export function AccessTokensSection() {
  const texts = useAppTexts();
  const platformTexts = useSettingsSectionTexts().openPlatform;
  const t = platformTexts.accessTokens;
  const own = { english: ACCESS_TOKEN_MESSAGES, translated: t.messages };
  const showToast = useToast();
  const tokens = useAccessTokens();
  const offline = !useOfflineStatus().online;
  const offlineId = useId();
  const [made, setMade] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<AccessTokenEntry | null>(null);
  const [revoked, setRevoked] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const needsNetwork = { disabled: offline, 'aria-describedby': offline ? offlineId : undefined };

  // The revoked token's row and its button are gone: the section's heading takes the focus the dialog gives back.
  useEffect(() => {
    if (revoked > 0) heading.current?.focus();
  }, [revoked]);

  async function revoke(token: AccessTokenEntry) {
    try {
      await revokeAccessToken(token.id);
      await tokens.mutate((current) => current?.filter((each) => each.id !== token.id), { revalidate: false });
      showToast({ tone: 'success', title: t.revoked(token.name) });
      setRevoked((count) => count + 1);
    } catch (failure) {
      showToast({ tone: 'error', title: t.revokeFailed, description: localizedError(failure, texts, '', own) || undefined });
    } finally {
      setRevoking(null);
    }
  }

  const list = tokens.data;
  const full = (list?.length ?? 0) >= ACCESS_TOKEN_LIMITS.perAccount;
  return (
    <section className="card settings-section" aria-labelledby="settings-access-tokens">
      <h2 id="settings-access-tokens" ref={heading} tabIndex={-1}>
        {t.title}
      </h2>
      <p>{t.hint}</p>
      <UsageLines />
      {tokens.error && !list && <p role="alert">{t.loadFailed}</p>}
      {made && (
        <SecretShownOnce
          label={t.madeLabel}
          secret={made}
          shownOnce={t.shownOnce}
          copyLabel={t.copy}
          copied={t.copied}
          copyFailed={t.copyFailed}
          doneLabel={t.done}
          onDone={() => {
            setMade(null);
            heading.current?.focus();
          }}
        />
      )}
      {list &&
        (list.length === 0 ? (
          <p className="settings-muted">{t.none}</p>
        ) : (
          <ul className="settings-entries" aria-label={t.listLabel}>
            {list.map((token) => (
              <TokenRow key={token.id} token={token} needsNetwork={needsNetwork} onRevoke={() => setRevoking(token)} />
            ))}
          </ul>
        ))}
      {list && full && <p role="status">{t.limit(ACCESS_TOKEN_LIMITS.perAccount)}</p>}
      {list && !full && (
        <NewTokenForm
          needsNetwork={needsNetwork}
          onMade={async (created) => {
            await tokens.mutate((current) => [created.access_token, ...(current ?? [])], { revalidate: false });
            setMade(created.token);
          }}
        />
      )}
      {offline && <ConnectionNotice id={offlineId}>{platformTexts.needsConnection.accessTokens}</ConnectionNotice>}
      <ConfirmDialog
        open={revoking !== null}
        title={t.revokeTitle}
        message={revoking ? t.revokeMessage(revoking.name) : ''}
        confirmLabel={t.revoke}
        tone="danger"
        onConfirm={() => (revoking ? revoke(revoking) : undefined)}
        onCancel={() => setRevoking(null)}
      />
    </section>
  );
}

/** How a token is used: in the API's Authorization header, and by an MCP client at this site's /mcp. */
function UsageLines() {
  const t = useSettingsSectionTexts().openPlatform.accessTokens;
  return (
    <>
      <p>
        {t.apiUsage} <code>{AUTHORIZATION_HEADER}</code>
      </p>
      <p>
        {t.mcpUsage} <code>{new URL('/mcp', window.location.origin).href}</code>
      </p>
    </>
  );
}

interface NeedsNetwork {
  disabled: boolean;
  'aria-describedby': string | undefined;
}

function TokenRow({ token, needsNetwork, onRevoke }: { token: AccessTokenEntry; needsNetwork: NeedsNetwork; onRevoke: () => void }) {
  const t = useSettingsSectionTexts().openPlatform.accessTokens;
  const { day } = useInstantTexts();
  const expired = Date.parse(token.expires_at) <= Date.now();
  return (
    <li className="settings-entry">
      <div className="settings-entry__text">
        <p className="settings-entry__title">
          {token.name} <span className="settings-badge">{t.scopes[token.scope]}</span>
        </p>
        <p className="settings-muted">
          <code>{token.hint}…</code> · {t.createdOn(day(token.created_at))} ·{' '}
          {expired ? t.expiredOn(day(token.expires_at)) : t.expiresOn(day(token.expires_at))} ·{' '}
          {token.last_used_at ? t.lastUsedOn(day(token.last_used_at)) : t.neverUsed}
        </p>
      </div>
      <Button variant="ghost" className="button--danger" aria-label={t.revokeLabel(token.name)} {...needsNetwork} onClick={onRevoke}>
        {t.revoke}
      </Button>
    </li>
  );
}

interface TokenDraft {
  name: string;
  scope: AccessTokenScope;
  expires_in_days: string;
}

const EMPTY_DRAFT: TokenDraft = { name: '', scope: 'read', expires_in_days: String(DEFAULT_LIFETIME) };

/** Name, scope and lifetime, checked with the API's own schema first; the API's refusal (the limit, a demo account) stays on screen. */
function NewTokenForm({
  needsNetwork,
  onMade,
}: {
  needsNetwork: NeedsNetwork;
  onMade: (created: Awaited<ReturnType<typeof createAccessToken>>) => Promise<void>;
}) {
  const texts = useAppTexts();
  const t = useSettingsSectionTexts().openPlatform.accessTokens;
  const own = { english: ACCESS_TOKEN_MESSAGES, translated: t.messages };
  const [draft, setDraft] = useState<TokenDraft>(EMPTY_DRAFT);
  const [nameError, setNameError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [form, focusFirstInvalid] = useFocusFirstInvalid();
  const scopeName = useId();

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setRefusal(null);
    const parsed = AccessTokenCreateSchema.safeParse({ ...draft, expires_in_days: Number(draft.expires_in_days) });
    if (!parsed.success) {
      setNameError(localizeMessage(parsed.error.issues[0]?.message ?? '', texts, own));
      focusFirstInvalid();
      return;
    }
    setBusy(true);
    try {
      await onMade(await createAccessToken(parsed.data));
      setDraft(EMPTY_DRAFT);
      setNameError(null);
    } catch (failure) {
      const fieldError = failure instanceof ApiError ? localizedFieldError(failure, 'name', texts, own) : undefined;
      if (fieldError) {
        setNameError(fieldError);
        focusFirstInvalid();
      } else setRefusal(localizedError(failure, texts, t.createFailed, own));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={form} className="settings-subform" noValidate aria-labelledby={`${scopeName}-title`} onSubmit={(event) => void create(event)}>
      <h3 id={`${scopeName}-title`} className="settings-subtitle">
        {t.newTitle}
      </h3>
      {refusal && <Alert tone="error">{refusal}</Alert>}
      <TextField
        label={t.name}
        hint={t.nameHint}
        value={draft.name}
        maxLength={ACCESS_TOKEN_LIMITS.nameMax}
        error={nameError}
        onChange={(event) => {
          setDraft({ ...draft, name: event.target.value });
          setNameError(null);
        }}
      />
      <fieldset className="settings-choices">
        <legend>{t.scope}</legend>
        <p className="settings-muted">{t.scopeHint}</p>
        {ACCESS_TOKEN_SCOPES.map((scope) => (
          <label key={scope} className="settings-choice">
            <input type="radio" name={scopeName} value={scope} checked={draft.scope === scope} onChange={() => setDraft({ ...draft, scope })} />
            {t.scopes[scope]}
          </label>
        ))}
      </fieldset>
      <Select
        label={t.lifetime}
        options={ACCESS_TOKEN_LIFETIMES_DAYS.map((days) => ({ value: String(days), label: t.days(days) }))}
        value={draft.expires_in_days}
        onChange={(event) => setDraft({ ...draft, expires_in_days: event.target.value })}
      />
      <div>
        <Button type="submit" busy={busy} {...needsNetwork}>
          {t.create}
        </Button>
      </div>
    </form>
  );
}
