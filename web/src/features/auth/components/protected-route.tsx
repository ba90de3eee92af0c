import { Navigate, Outlet, useLocation } from '../../../lib/navigation';
import { Spinner } from '../../../components/ui/spinner';
import type { SignInRouteState } from '../lib/return-path';
import { useAuth } from './auth-provider';
import { useTexts } from '../../../i18n/texts';

/** Signed-in pages: the session is checked first, and a signed-out visitor goes to sign in and comes back after. */
export function ProtectedRoute() {
  const { status, sessionExpired } = useAuth();
  const location = useLocation();
  const verifying = useTexts().auth.verifyingSession;
  if (status === 'signedIn') return <Outlet />;
  if (status === 'signedOut') {
    const state: SignInRouteState = { from: location };
    return <Navigate to={sessionExpired ? '/login?message=session_expired' : '/login'} replace state={state} />;
  }
  return (
    <main id="main" className="page-status">
      <p className="page-status__message" role="status">
        <Spinner large />
        {verifying}
      </p>
    </main>
  );
}
