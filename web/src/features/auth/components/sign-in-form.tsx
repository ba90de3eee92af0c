import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLocation } from '../../../lib/navigation';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { TextField } from '../../../components/ui/text-field';
import { useTexts } from '../../../i18n/texts';
import { cognitoOrigin, loadedWebConfig, loadWebConfig, preconnect } from '../../../lib/web-config';
import type { SignInOutcome } from '../api/cognito';
import { emailFromState } from '../lib/return-path';
import { authErrorMessage, throttleWaitSeconds } from '../lib/auth-messages';
import { useSignInCooldown } from '../lib/sign-in-throttle';
import { useAuth } from './auth-provider';
import { AuthFormFooter } from './auth-form-footer';
import { ResendConfirmationLink } from './resend-confirmation-link';
import { SignInLinkOffer } from './sign-in-link-offer';

const OUTCOME_MESSAGES = { unconfirmed: 'unconfirmed', resetRequired: 'resetRequired', unsupported: 'fallback' } as const satisfies Record<
  Exclude<SignInOutcome, 'signedIn'>,
  string
>;

interface SignInFormProps {
  /** Filled in on arrival (the demo page's account). */
  credentials?: { email: string; password: string };
  signUpPath: string;
}

/**
 * Email and password sign-in, Google sign-in, remember me and the throttle's countdown, with the
 * offer of a mailed sign-in link once the throttle holds the form up (strangers' failures may be
 * what does). Once signed in, GuestOnlyRoute moves the visitor on.
 */
export function SignInForm({ credentials, signUpPath }: SignInFormProps) {
  const { loadCognito } = useAuth();
  const location = useLocation();
  const [email, setEmail] = useState(() => credentials?.email ?? emailFromState(location.state));
  const [password, setPassword] = useState(credentials?.password ?? '');
  const [rememberMe, setRememberMe] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // Stays once shown: the link may be asked for after the wait is over.
  const [throttled, setThrottled] = useState(false);
  const [googleConfigured, setGoogleConfigured] = useState<boolean | null>(() => {
    const config = loadedWebConfig();
    return config ? config.googleSignIn !== null : null;
  });
  const cooldown = useSignInCooldown();
  const googleNoteId = useId();
  const texts = useTexts();
  const t = texts.auth;

  useEffect(() => {
    let current = true;
    loadWebConfig().then(
      (config) => {
        // Signing in talks to Cognito: the connection is ready by the time the visitor has typed.
        preconnect(cognitoOrigin(config));
        if (current) setGoogleConfigured(config.googleSignIn !== null);
      },
      () => current && setGoogleConfigured(false),
    );
    return () => {
      current = false;
    };
  }, []);

  async function signIn(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmedEmail = email.trim();
    const missing = {
      ...(trimmedEmail ? {} : { email: texts.errors.emailRequired }),
      ...(password ? {} : { password: t.messages.passwordRequired }),
    };
    setFieldErrors(missing);
    if (Object.keys(missing).length > 0 || cooldown.secondsLeft > 0) return;

    setError(null);
    setSubmitting(true);
    try {
      const cognito = await loadCognito();
      const outcome = await cognito.signInWithPassword({ email: trimmedEmail, password, rememberMe });
      if (outcome === 'signedIn') {
        cooldown.recordSuccess();
        return; // stays busy until GuestOnlyRoute moves on
      }
      setError(recordFailure() ? null : t.messages[OUTCOME_MESSAGES[outcome]]);
    } catch (failure) {
      const waitSeconds = throttleWaitSeconds(failure);
      if (waitSeconds !== null) {
        cooldown.recordRefusal(waitSeconds * 1000);
        setThrottled(true);
      } else {
        setError(recordFailure() ? null : authErrorMessage(failure, texts));
      }
    }
    setSubmitting(false);
  }

  /** Counts a failure; answers whether the form now waits. */
  function recordFailure(): boolean {
    const waits = cooldown.recordFailure();
    if (waits) setThrottled(true);
    return waits;
  }

  async function signInWithGoogle() {
    setError(null);
    try {
      await (await loadCognito()).startGoogleSignIn();
    } catch {
      setError(t.messages.google);
    }
  }

  const coolingDown = cooldown.secondsLeft > 0;
  return (
    // Amplify downloads once the visitor starts on the form, not with the page.
    <form className="form" noValidate onSubmit={(event) => void signIn(event)} onFocus={() => void loadCognito().catch(() => undefined)}>
      {error && (
        <Alert tone="error">
          {error}
          {error === t.messages.unconfirmed && (
            <>
              {' '}
              <ResendConfirmationLink email={email} />
            </>
          )}
        </Alert>
      )}
      {coolingDown && (
        // Polite: the countdown changes every second.
        <Alert tone="warning" role="status">
          {texts.errors.signInThrottled(cooldown.secondsLeft)}
        </Alert>
      )}
      {throttled && <SignInLinkOffer email={email} help={t.signInLink.throttledHelp} />}
      <TextField label={t.email} type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} error={fieldErrors.email} />
      <TextField
        label={t.password}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={fieldErrors.password}
      />
      <div className="form__row">
        <Checkbox label={t.signIn.rememberMe} checked={rememberMe} onChange={(event) => setRememberMe(event.target.checked)} />
        <Link to="/forgot-password">{t.signIn.forgotPassword}</Link>
      </div>
      <Button type="submit" block busy={submitting} disabled={coolingDown}>
        {t.signIn.submit}
      </Button>

      <p className="form__divider">{t.signIn.or}</p>
      <Button
        variant="secondary"
        block
        disabled={!googleConfigured}
        aria-describedby={googleConfigured === false ? googleNoteId : undefined}
        onClick={() => void signInWithGoogle()}
      >
        {t.signIn.google}
      </Button>
      {googleConfigured === false && (
        <p className="form__note" id={googleNoteId}>
          {t.messages.googleNotConfigured}
        </p>
      )}

      <AuthFormFooter switchPrompt={t.signIn.newHere} switchLabel={t.signIn.createAccount} switchTo={signUpPath} finePrint={t.signIn.finePrint} />
    </form>
  );
}
