import { Suspense, type ReactNode } from 'react';
import { ScrollRestoration } from '../lib/navigation';
import { ToastProvider } from '../components/ui/toast';
import { AuthProvider } from '../features/auth/components/auth-provider';
import { PageLoading } from './page-loading';

/**
 * What every page sits in: toasts, the session, and scroll restored on back and forward; the
 * loading screen while the language's texts arrive.
 */
export function AppRoot({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <ToastProvider>
        <AuthProvider>{children}</AuthProvider>
        <ScrollRestoration />
      </ToastProvider>
    </Suspense>
  );
}
