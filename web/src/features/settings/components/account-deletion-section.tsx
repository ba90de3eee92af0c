import { useId, useState, type FormEvent } from 'react';
import { ACCOUNT_DELETION, ACCOUNT_DELETION_MESSAGES, confirmsDeletion } from '../../../../../shared/account-deletion';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConnectionNotice } from '../../../components/ui/connection-notice';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { useFocusFirstInvalid } from '../../../components/ui/use-focus-first-invalid';
import { useSettingsSectionTexts, useAppTexts } from '../../../i18n/texts';
import { ApiError, localizedError, localizedFieldError } from '../../../lib/api';
import { useNavigate } from '../../../lib/navigation';
import { useOfflineStatus } from '../../../lib/offline/status';
import { jwtClaims, sessionIdToken, storedSessionClaims } from '../../../lib/session';
import { deleteAccount, signInAgain, SignInAgainError } from '../api/account-deletion';
import './account-deletion.css';

/** What the session's ID token says of the account: its address, and whether it signs in with Google (Cognito's `identities`) and did so just now. */
interface Account {
  email: string;
  withGoogle: boolean;
  signedInJustNow: boolean;
}

function accountOf(claims: Record<string, unknown>): Account {
  const signedInAt = Number(claims.auth_time) * 1000;
  return {
    email: typeof claims.email === 'string' ? claims.email : '',
    withGoogle: Array.isArray(claims.identities) && claims.identities.length > 0,
    signedInJustNow: Date.now() - signedInAt < ACCOUNT_DELETION.freshSignInMs,
  };
}

/**
 * Settings → "Delete my account", the last section: what goes, and a dialog that asks for the
 * password again (an account that signs in with Google: a Google sign-in of the last minutes) and
 * for the account's address typed out. Once the server has taken it, the person is signed out and
 * lands on the home page, where a notice says it is done and a mail is on its way.
 */
export function AccountDeletionSection() {
  const t = useSettingsSectionTexts().accountDeletion;
  const offline = !useOfflineStatus().online;
  const offlineId = useId();
  const [account, setAccount] = useState<Account | null>(null);

  async function open() {
    const stored = storedSessionClaims();
    const token = stored ? null : await sessionIdToken();
    setAccount(accountOf(stored ?? (token ? jwtClaims(token) : {})));
  }

  return (
    <section className="card settings-section settings-section--danger" aria-labelledby="settings-account-deletion">
      <h2 id="settings-account-deletion">{t.title}</h2>
      <p>{t.hint}</p>
      <div>
        <Button className="button--danger" disabled={offline} aria-describedby={offline ? offlineId : undefined} onClick={() => void open()}>
          {t.open}
        </Button>
      </div>
      {offline && <ConnectionNotice id={offlineId}>{t.needsConnection}</ConnectionNotice>}
      <Modal open={account !== null} title={t.dialogTitle} onClose={() => setAccount(null)}>
        {account && <DeletionForm account={account} onCancel={() => setAccount(null)} />}
      </Modal>
    </section>
  );
}

function DeletionForm({ account, onCancel }: { account: Account; onCancel: () => void }) {
  const texts = useAppTexts();
  const t = useSettingsSectionTexts().accountDeletion;
  const own = { english: ACCOUNT_DELETION_MESSAGES, translated: t.messages };
  const showToast = useToast();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirmation?: string }>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [form, focusFirstInvalid] = useFocusFirstInvalid();
  // A Google account proves itself by a Google sign-in of the last minutes, which only a new sign-in gives.
  const needsGoogleSignIn = account.withGoogle && !account.signedInJustNow;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setRefusal(null);
    const found = {
      ...(!account.withGoogle && password === '' ? { password: t.passwordRequired } : {}),
      ...(!confirmsDeletion(confirmation, account.email) ? { confirmation: t.messages.confirmationMismatch } : {}),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid();
      return;
    }
    setBusy(true);
    try {
      const token = account.withGoogle ? await sessionIdToken() : await signInAgain(account.email, password);
      await deleteAccount(token ?? '', { confirmation });
      showToast({ tone: 'success', title: t.deleted, description: t.deletedDetail(account.email) });
      // Signed out as "Sign Out" does, then home, where the notice shows.
      navigate('/signout', { replace: true, state: { thenHome: true } });
    } catch (failure) {
      setBusy(false);
      if (failure instanceof SignInAgainError) {
        if (failure.type === 'NotAuthorizedException') {
          setErrors({ password: t.wrongPassword });
          focusFirstInvalid();
        } else setRefusal(['TooManyRequestsException', 'UserLambdaValidationException'].includes(failure.type) ? t.tooManyTries : t.signInFailed);
        return;
      }
      const fieldError = failure instanceof ApiError ? localizedFieldError(failure, 'confirmation', texts, own) : undefined;
      if (fieldError) {
        setErrors({ confirmation: fieldError });
        focusFirstInvalid();
      } else setRefusal(localizedError(failure, texts, t.failed, own));
    }
  }

  if (needsGoogleSignIn) {
    return (
      <>
        <p>{t.googleIntro}</p>
        <div className="account-deletion__actions">
          <Button variant="secondary" onClick={onCancel} data-autofocus>
            {texts.common.cancel}
          </Button>
        </div>
      </>
    );
  }
  return (
    <form ref={form} className="account-deletion__form" noValidate onSubmit={(event) => void submit(event)}>
      <p>{t.dialogIntro}</p>
      {refusal && <Alert tone="error">{refusal}</Alert>}
      {!account.withGoogle && (
        <TextField
          label={t.password}
          hint={t.passwordHint}
          type="password"
          autoComplete="current-password"
          value={password}
          error={errors.password}
          onChange={(event) => setPassword(event.target.value)}
        />
      )}
      <TextField
        label={t.confirmation}
        hint={t.confirmationHint(account.email)}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={confirmation}
        error={errors.confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
      />
      <div className="account-deletion__actions">
        <Button variant="secondary" onClick={onCancel} disabled={busy} data-autofocus>
          {texts.common.cancel}
        </Button>
        <Button type="submit" className="button--danger" busy={busy}>
          {t.delete}
        </Button>
      </div>
    </form>
  );
}
