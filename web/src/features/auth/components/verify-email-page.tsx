import { useEffect, useState } from 'react';
import { Link, useSearchParams } from '../../../lib/navigation';
import { Alert } from '../../../components/ui/alert';
import { buttonClassName } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { SUPPORT_EMAIL } from '../../../config/contact';
import { useTexts } from '../../../i18n/texts';
import { localizedError } from '../../../lib/api';
import { verifyEmail } from '../api/account-recovery';
import { AuthShell } from './auth-shell';
import { ResendConfirmationLink } from './resend-confirmation-link';

type Verification = { state: 'verifying' } | { state: 'verified' } | { state: 'failed'; failure: unknown };

/** The page the confirmation mail links to: confirms the account with the link's email and code. */
export function VerifyEmailPage() {
  const [query] = useSearchParams();
  const email = query.get('email') ?? '';
  const code = query.get('code') ?? '';
  const [verification, setVerification] = useState<Verification>(() => (email && code ? { state: 'verifying' } : { state: 'failed', failure: null }));
  const texts = useTexts();
  const t = texts.auth.verify;

  useEffect(() => {
    if (!email || !code) return;
    let current = true;
    verifyEmail({ email, code }).then(
      () => current && setVerification({ state: 'verified' }),
      (failure: unknown) => current && setVerification({ state: 'failed', failure }),
    );
    return () => {
      current = false;
    };
  }, [email, code]);

  const supportLink = (
    <p className="form__fineprint">
      {t.needHelp} <a href={`mailto:${SUPPORT_EMAIL}`}>{t.contactSupport}</a>
    </p>
  );

  if (verification.state === 'verifying') {
    return (
      <AuthShell chrome="plain" title={t.confirmingTitle}>
        <title>{t.documentTitle}</title>
        <p className="page-status__inline" role="status">
          <Spinner /> {t.confirming}
        </p>
      </AuthShell>
    );
  }
  if (verification.state === 'failed') {
    return (
      <AuthShell chrome="plain" title={t.failedTitle}>
        <title>{t.documentTitle}</title>
        <Alert tone="error">
          {verification.failure === null
            ? texts.auth.messages.incompleteVerificationLink
            : localizedError(verification.failure, texts, texts.auth.messages.unexpected)}
        </Alert>
        {email && (
          <p>
            {t.mayHaveExpired} <ResendConfirmationLink email={email} />
          </p>
        )}
        <div className="actions">
          <Link to="/login" className={buttonClassName('primary')}>
            {texts.site.signIn}
          </Link>
          <Link to="/signup" className={buttonClassName('secondary')}>
            {t.signUp}
          </Link>
        </div>
        {supportLink}
      </AuthShell>
    );
  }
  return (
    <AuthShell chrome="plain" title={t.verifiedTitle} intro={t.verifiedIntro}>
      <title>{t.verifiedDocumentTitle}</title>
      <div className="actions">
        <Link to="/dashboard" className={buttonClassName('primary')}>
          {t.goToDashboard}
        </Link>
        <Link to="/login" className={buttonClassName('secondary')}>
          {texts.site.signIn}
        </Link>
      </div>
      {supportLink}
    </AuthShell>
  );
}
