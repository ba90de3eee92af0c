import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { buttonClassName } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { SUPPORT_EMAIL } from '../../../config/contact';
import { ApiError } from '../../../lib/api';
import { verifyEmail } from '../api/account-recovery';
import { AUTH_MESSAGES } from '../lib/auth-messages';
import { AuthShell } from './auth-shell';
import { ResendConfirmationLink } from './resend-confirmation-link';

type Verification = { state: 'verifying' } | { state: 'verified' } | { state: 'failed'; message: string };

/** The page the confirmation mail links to: confirms the account with the link's email and code. */
export function VerifyEmailPage() {
  const [query] = useSearchParams();
  const email = query.get('email') ?? '';
  const code = query.get('code') ?? '';
  const [verification, setVerification] = useState<Verification>(() =>
    email && code ? { state: 'verifying' } : { state: 'failed', message: AUTH_MESSAGES.incompleteVerificationLink },
  );

  useEffect(() => {
    if (!email || !code) return;
    let current = true;
    verifyEmail({ email, code }).then(
      () => current && setVerification({ state: 'verified' }),
      (failure: unknown) =>
        current && setVerification({ state: 'failed', message: failure instanceof ApiError ? failure.message : AUTH_MESSAGES.unexpected }),
    );
    return () => {
      current = false;
    };
  }, [email, code]);

  const supportLink = (
    <p className="form__fineprint">
      Need help? <a href={`mailto:${SUPPORT_EMAIL}`}>Contact support</a>
    </p>
  );

  if (verification.state === 'verifying') {
    return (
      <AuthShell chrome="plain" title="Confirming your email">
        <title>Verify Email · Tempo</title>
        <p className="page-status__inline" role="status">
          <Spinner /> Confirming your email...
        </p>
      </AuthShell>
    );
  }
  if (verification.state === 'failed') {
    return (
      <AuthShell chrome="plain" title="We couldn't confirm your email">
        <title>Verify Email · Tempo</title>
        <Alert tone="error">{verification.message}</Alert>
        {email && (
          <p>
            The link may have expired. <ResendConfirmationLink email={email} />
          </p>
        )}
        <div className="actions">
          <Link to="/login" className={buttonClassName('primary')}>
            Sign In
          </Link>
          <Link to="/signup" className={buttonClassName('secondary')}>
            Sign Up
          </Link>
        </div>
        {supportLink}
      </AuthShell>
    );
  }
  return (
    <AuthShell chrome="plain" title="Email Verified Successfully!" intro="Your account is confirmed. Welcome to Tempo.">
      <title>Email Verified · Tempo</title>
      <div className="actions">
        <Link to="/dashboard" className={buttonClassName('primary')}>
          Go to Dashboard
        </Link>
        <Link to="/login" className={buttonClassName('secondary')}>
          Sign In
        </Link>
      </div>
      {supportLink}
    </AuthShell>
  );
}
