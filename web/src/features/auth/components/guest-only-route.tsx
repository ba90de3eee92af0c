import { Navigate, Outlet, useLocation } from '../../../lib/navigation';
import { returnPath } from '../lib/return-path';
import { useAuth } from './auth-provider';

/**
 * The home and sign-in pages: once signed in (on arrival or by signing in here) the visitor goes on
 * to where they were going, else to the dashboard.
 */
export function GuestOnlyRoute() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'signedIn') return <Navigate to={returnPath(location.state)} replace />;
  return <Outlet />;
}
