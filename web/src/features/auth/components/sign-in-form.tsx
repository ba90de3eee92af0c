import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { MESSAGES } from '../../../../../shared/messages';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { TextField } from '../../../components/ui/text-field';
import type { SignInOutcome } from '../api/cognito';
import { emailFromState } from '../lib/return-path';
import { authErrorMessage, cooldownMessage, throttleWaitSeconds, AUTH_MESSAGES } from '../lib/auth-messages';
import { useSignInCooldown } from '../lib/sign-in-throttle';
import { useAuth } from './auth-provider';
import { ResendConfirmationLink } from './resend-confirmation-link';

const OUTCOME_MESSAGES: Record<Exclude<SignInOutcome, 'signedIn'>, string> = {
  unconfirmed: AUTH_MESSAGES.unconfirmed,
  resetRequired: AUTH_MESSAGES.resetRequired,
  unsupported: AUTH_MESSAGES.fallback,
};

interface SignInFormProps {
  /** Filled in on arrival (the demo page's account). */
  credentials?: { email: string; password: string };
  signUpPath: string;
}

/**
 * Email and password sign-in, Google sign-in, remember me and the throttle's countdown. Once signed
 * in, GuestOnlyRoute moves the visitor on.
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
  const [googleConfigured, setGoogleConfigured] = useState<boolean | null>(null);
  const cooldown = useSignInCooldown();
  const googleNoteId = useId();

  useEffect(() => {
    let current = true;
    loadCognito()
      .then((cognito) => cognito.isGoogleSignInConfigured())
      .then(
        (configured) => current && setGoogleConfigured(configured),
        () => current && setGoogleConfigured(false),
      );
    return () => {
      current = false;
    };
  }, [loadCognito]);

  async function signIn(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmedEmail = email.trim();
    const missing = {
      ...(trimmedEmail ? {} : { email: MESSAGES.emailRequired }),
      ...(password ? {} : { password: AUTH_MESSAGES.passwordRequired }),
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
      setError(cooldown.recordFailure() ? null : OUTCOME_MESSAGES[outcome]);
    } catch (failure) {
      const waitSeconds = throttleWaitSeconds(failure);
      if (waitSeconds !== null) {
        cooldown.recordRefusal(waitSeconds * 1000);
      } else {
        setError(cooldown.recordFailure() ? null : authErrorMessage(failure));
      }
    }
    setSubmitting(false);
  }

  async function signInWithGoogle() {
    setError(null);
    try {
      await (await loadCognito()).startGoogleSignIn();
    } catch {
      setError(AUTH_MESSAGES.google);
    }
  }

  const coolingDown = cooldown.secondsLeft > 0;
  return (
    <form className="form" noValidate onSubmit={(event) => void signIn(event)}>
      {error && (
        <Alert tone="error">
          {error}
          {error === AUTH_MESSAGES.unconfirmed && (
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
          {cooldownMessage(cooldown.secondsLeft)}
        </Alert>
      )}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={fieldErrors.email}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={fieldErrors.password}
      />
      <div className="form__row">
        <Checkbox label="Remember me" checked={rememberMe} onChange={(event) => setRememberMe(event.target.checked)} />
        <Link to="/forgot-password">Forgot password?</Link>
      </div>
      <Button type="submit" block busy={submitting} disabled={coolingDown}>
        Sign In
      </Button>

      <p className="form__divider">or</p>
      <Button
        variant="secondary"
        block
        disabled={!googleConfigured}
        aria-describedby={googleConfigured === false ? googleNoteId : undefined}
        onClick={() => void signInWithGoogle()}
      >
        Sign in with Google
      </Button>
      {googleConfigured === false && (
        <p className="form__note" id={googleNoteId}>
          {AUTH_MESSAGES.googleNotConfigured}
        </p>
      )}

      <p className="form__switch">
        New to Tempo? <Link to={signUpPath}>Create an account</Link>
      </p>
      <p className="form__fineprint">
        We use your email only to run your account. See our <Link to="/privacy-terms">Privacy &amp; Terms</Link>.
      </p>
      <p className="form__back">
        <Link to="/">← Back to home</Link>
      </p>
    </form>
  );
}
