import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '../../../lib/navigation';
import { isResetCode, sanitizeResetCode } from '../../../../../shared/accounts';
import { RESET_CODE } from '../../../../../shared/constants';
import { EMAIL_PATTERN } from '../../../../../shared/email';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import type { PublicTexts } from '../../../i18n/catalogue-types';
import { currentLanguage } from '../../../i18n/language';
import { useTexts } from '../../../i18n/texts';
import { ApiError, localizedError } from '../../../lib/api';
import { requestResetCode, resetPassword } from '../api/account-recovery';
import { AuthShell } from './auth-shell';
import { SignInLinkOffer } from './sign-in-link-offer';
import { isAcceptableNewPassword, NewPasswordFields, newPasswordProblem, type NewPassword } from './new-password-fields';

type Step = 'email' | 'otp' | 'reset';

/**
 * Three steps: the email (a code is mailed), the code (checked only together with the
 * new password), and the new password; then back to sign in after a moment. A refused code offers
 * a mailed sign-in link: strangers' wrong guesses may have used up what browsers the account does
 * not know may try, and the link makes this browser one it knows.
 */
export function ForgotPasswordPage() {
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  // When the last code was asked for: the server sends at most one a minute, so Send again waits that long.
  const [sentAt, setSentAt] = useState(0);
  const codeSent = () => setSentAt(Date.now());
  const t = useTexts().auth.reset;
  return (
    <AuthShell chrome="plain" title={t.title} intro={t.intros[step]}>
      <title>{t.documentTitle}</title>
      {step === 'email' && (
        <EmailStep
          email={email}
          onEmailChange={setEmail}
          onCodeSent={() => {
            codeSent();
            setStep('otp');
          }}
        />
      )}
      {step === 'otp' && (
        <CodeStep
          email={email}
          code={code}
          sentAt={sentAt}
          onCodeSent={codeSent}
          onCodeChange={setCode}
          onContinue={() => setStep('reset')}
          onChangeEmail={() => setStep('email')}
        />
      )}
      {step === 'reset' && <NewPasswordStep email={email} code={code} onReenterCode={() => setStep('otp')} />}
      <p className="form__back">
        <Link to="/login">{t.backToSignIn}</Link>
      </p>
    </AuthShell>
  );
}

function useSendCode(email: string) {
  const showToast = useToast();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const t = useTexts().auth.messages;
  async function sendCode(): Promise<boolean> {
    setSending(true);
    setError(null);
    try {
      await requestResetCode(email, currentLanguage());
      showToast({ tone: 'success', title: t.codeSent, description: t.codeSentDetail });
      return true;
    } catch {
      setError(t.resetCodeNotSent);
      return false;
    } finally {
      setSending(false);
    }
  }
  return { sendCode, sending, error };
}

function EmailStep({ email, onEmailChange, onCodeSent }: { email: string; onEmailChange: (email: string) => void; onCodeSent: () => void }) {
  const [invalid, setInvalid] = useState(false);
  const { sendCode, sending, error } = useSendCode(email.trim());
  const texts = useTexts();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const valid = EMAIL_PATTERN.test(email.trim());
    setInvalid(!valid);
    if (valid && (await sendCode())) onCodeSent();
  }

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      {error && <Alert tone="error">{error}</Alert>}
      <TextField
        label={texts.auth.email}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => onEmailChange(event.target.value)}
        error={invalid ? texts.errors.invalidEmail : null}
      />
      <Button type="submit" block busy={sending}>
        {texts.auth.reset.sendCode}
      </Button>
    </form>
  );
}

interface CodeStepProps {
  email: string;
  code: string;
  sentAt: number;
  onCodeSent: () => void;
  onCodeChange: (code: string) => void;
  onContinue: () => void;
  onChangeEmail: () => void;
}

function CodeStep({ email, code, sentAt, onCodeSent, onCodeChange, onContinue, onChangeEmail }: CodeStepProps) {
  const [touched, setTouched] = useState(false);
  const { sendCode, sending, error } = useSendCode(email.trim());
  const waitSeconds = useSecondsUntil(sentAt + RESET_CODE.reissueMs);
  const complete = isResetCode(code);
  const texts = useTexts();
  const t = texts.auth.reset;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (complete) onContinue();
  }

  return (
    <form className="form" noValidate onSubmit={submit}>
      {error && <Alert tone="error">{error}</Alert>}
      <p className="form__note">
        {t.sentTo} <strong>{email.trim()}</strong>
        {t.expiresIn(RESET_CODE.expiryMs / 60_000)}
      </p>
      <TextField
        label={t.code}
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onChange={(event) => onCodeChange(sanitizeResetCode(event.target.value))}
        onBlur={() => setTouched(true)}
        error={touched && code.length > 0 && !complete ? texts.errors.invalidResetCode : null}
        className="field__control--code"
      />
      <Button type="submit" block disabled={!complete}>
        {t.verifyCode}
      </Button>
      <div className="form__row">
        <Button variant="link" busy={sending} disabled={waitSeconds > 0} onClick={() => void sendCode().then((sent) => sent && onCodeSent())}>
          {waitSeconds > 0 ? t.sendAgainIn(waitSeconds) : t.sendAgain}
        </Button>
        <Button variant="link" onClick={onChangeEmail}>
          {t.differentEmail}
        </Button>
      </div>
    </form>
  );
}

function NewPasswordStep({ email, code, onReenterCode }: { email: string; code: string; onReenterCode: () => void }) {
  const navigate = useNavigate();
  const showToast = useToast();
  const [newPassword, setNewPassword] = useState<NewPassword>({ password: '', confirmation: '' });
  // Ticked: a reset often follows a password that got out, and a token may have got out with it.
  const [revokeAccessTokens, setRevokeAccessTokens] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [codeRejected, setCodeRejected] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  const problemId = useId();
  const texts = useTexts();
  const t = texts.auth;

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate('/login', { replace: true }), RESET_CODE.redirectAfterResetMs);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isAcceptableNewPassword(newPassword)) return;
    setSubmitting(true);
    setError(null);
    setCodeRejected(false);
    try {
      await resetPassword({ email: email.trim(), code, password: newPassword.password, revoke_access_tokens: revokeAccessTokens });
      showToast({ tone: 'success', title: t.messages.resetDone, description: t.messages.resetDoneDetail });
      setDone(true);
    } catch (failure) {
      setError(resetErrorMessage(failure, texts));
      setCodeRejected(failure instanceof ApiError && failure.messageKey === 'invalidVerificationCode');
      setSubmitting(false);
    }
  }

  if (done) {
    return (
      <Alert tone="success" title={t.messages.resetDone}>
        {t.reset.takingYouToSignIn}
      </Alert>
    );
  }
  const problem = newPasswordProblem(newPassword, texts);
  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      {error && (
        <Alert tone="error">
          {error}
          {codeRejected && (
            <>
              {' '}
              <Button variant="link" onClick={onReenterCode}>
                {t.reset.enterCodeAgain}
              </Button>
            </>
          )}
        </Alert>
      )}
      {codeRejected && <SignInLinkOffer email={email} help={t.signInLink.codeRefusedHelp} />}
      <NewPasswordFields value={newPassword} onChange={setNewPassword} labels={t.reset.newPasswordLabels} />
      <Checkbox label={t.reset.alsoRevokeAccessTokens} checked={revokeAccessTokens} onChange={(event) => setRevokeAccessTokens(event.target.checked)} />
      <Button type="submit" block busy={submitting} disabled={!isAcceptableNewPassword(newPassword)} aria-describedby={problem ? problemId : undefined}>
        {t.reset.submit}
      </Button>
      {problem && (
        <p className="form__note" id={problemId}>
          {problem}
        </p>
      )}
    </form>
  );
}

/** A refused code or password says why (the API's message, e.g. 'Invalid verification code'); anything else gets the general texts. */
function resetErrorMessage(failure: unknown, texts: PublicTexts): string {
  if (!(failure instanceof ApiError)) return texts.auth.messages.unexpected;
  if (failure.status === 400) return localizedError(failure, texts, texts.auth.messages.resetFailed);
  return texts.auth.messages.resetFailed;
}

/** Whole seconds until a moment, counting down once a second; 0 once it has passed. */
function useSecondsUntil(moment: number): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(moment));
  useEffect(() => {
    setSeconds(secondsUntil(moment));
    const timer = setInterval(() => {
      const left = secondsUntil(moment);
      setSeconds(left);
      if (left === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [moment]);
  return seconds;
}

const secondsUntil = (moment: number) => Math.max(0, Math.ceil((moment - Date.now()) / 1000));
