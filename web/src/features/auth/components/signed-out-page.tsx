import { useEffect } from 'react';
import { Link, Navigate, useLocation } from '../../../lib/navigation';
import { buttonClassName } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useTexts } from '../../../i18n/texts';
import { useAuth } from './auth-provider';
import { AuthShell } from './auth-shell';

/** What a page sending the visitor here may say: go on home once signed out (Settings, after deleting the account: its notice is on screen already). */
interface SignOutState {
  thenHome?: boolean;
}

/**
 * /signout: where "Sign Out" leads. Signing out happens here, so the signed-in pages left behind
 * never see a signed-out state and send the visitor to sign in instead.
 */
export function SignedOutPage() {
  const { status, signOut } = useAuth();
  const texts = useTexts();
  const t = texts.auth.signOut;
  const thenHome = (useLocation().state as SignOutState | null)?.thenHome === true;

  useEffect(() => {
    if (status === 'signedIn') void signOut();
  }, [status, signOut]);

  if (status !== 'signedOut') {
    return (
      <main id="main" className="page-status">
        <title>{t.signingOutTitle}</title>
        <p className="page-status__message" role="status">
          <Spinner large />
          {t.signingOut}
        </p>
      </main>
    );
  }
  if (thenHome) return <Navigate to="/" replace />;
  return (
    <AuthShell chrome="plain" title={t.title} intro={t.intro}>
      <title>{t.documentTitle}</title>
      <div className="actions">
        <Link to="/login" className={buttonClassName('primary')}>
          {t.signInAgain}
        </Link>
        <Link to="/" className={buttonClassName('secondary')}>
          {texts.common.returnHome}
        </Link>
      </div>
    </AuthShell>
  );
}
