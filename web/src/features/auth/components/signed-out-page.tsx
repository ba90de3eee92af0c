import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { buttonClassName } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useAuth } from './auth-provider';
import { AuthShell } from './auth-shell';

/**
 * /signout: where "Sign Out" leads. Signing out happens here, so the signed-in pages left behind
 * never see a signed-out state and send the visitor to sign in instead.
 */
export function SignedOutPage() {
  const { status, signOut } = useAuth();

  useEffect(() => {
    if (status === 'signedIn') void signOut();
  }, [status, signOut]);

  if (status !== 'signedOut') {
    return (
      <main id="main" className="page-status">
        <title>Signing Out · Tempo</title>
        <p className="page-status__message" role="status">
          <Spinner large />
          Signing you out...
        </p>
      </main>
    );
  }
  return (
    <AuthShell chrome="plain" title="Successfully Signed Out" intro="Thanks for using Tempo. See you soon.">
      <title>Signed Out · Tempo</title>
      <div className="actions">
        <Link to="/login" className={buttonClassName('primary')}>
          Sign In Again
        </Link>
        <Link to="/" className={buttonClassName('secondary')}>
          Return to Home
        </Link>
      </div>
    </AuthShell>
  );
}
