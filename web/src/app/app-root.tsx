import { Outlet, ScrollRestoration } from 'react-router-dom';
import { ToastProvider } from '../components/ui/toast';
import { AuthProvider } from '../features/auth/components/auth-provider';

/** What every page sits in: toasts, the session, and scroll restored on back and forward. */
export function AppRoot() {
  return (
    <ToastProvider>
      <AuthProvider>
        <Outlet />
      </AuthProvider>
      <ScrollRestoration />
    </ToastProvider>
  );
}
