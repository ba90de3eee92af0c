import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import { GuestOnlyRoute } from '../features/auth/components/guest-only-route';
import { ProtectedRoute } from '../features/auth/components/protected-route';
import { loadCatalogue } from '../i18n/catalogues';
import { currentLanguage } from '../i18n/language';
import { AppRoot } from './app-root';
import { PageLoading } from './page-loading';
import { RouteErrorPage } from './route-error-page';

/** Every page is its own chunk, so a visit downloads only the code of the pages it shows. */
const router = createBrowserRouter([
  {
    element: <AppRoot />,
    errorElement: <RouteErrorPage />,
    HydrateFallback: PageLoading,
    children: [
      {
        // Signed-in visitors are sent on to the app from these.
        element: <GuestOnlyRoute />,
        children: [
          { path: '/', lazy: () => import('./routes/landing') },
          { path: '/login', lazy: () => import('./routes/login') },
          { path: '/login-simple', lazy: () => import('./routes/login-simple') },
          { path: '/demo', lazy: () => import('./routes/demo') },
          { path: '/signup', lazy: () => import('./routes/signup') },
          { path: '/signup-simple', lazy: () => import('./routes/signup-simple') },
        ],
      },
      { path: '/waitlist', lazy: () => import('./routes/waitlist') },
      { path: '/privacy-terms', lazy: () => import('./routes/privacy-terms') },
      { path: '/forgot-password', lazy: () => import('./routes/forgot-password') },
      { path: '/verify-email', lazy: () => import('./routes/verify-email') },
      { path: '/signout', lazy: () => import('./routes/signout') },
      {
        element: <ProtectedRoute />,
        children: [
          {
            // The signed-in app: sidebar, top bar, change polling and the voice button around each page.
            // The app's texts download beside its code, not after it.
            lazy: () => Promise.all([import('./routes/app-layout'), loadCatalogue(currentLanguage(), 'app')]).then(([layout]) => layout),
            children: [
              { path: '/dashboard', lazy: () => import('./routes/dashboard') },
              { path: '/goals', lazy: () => import('./routes/goals') },
              { path: '/tasks', lazy: () => import('./routes/tasks') },
              { path: '/calendar', lazy: () => import('./routes/calendar') },
              { path: '/trash', lazy: () => import('./routes/trash') },
              { path: '/settings', lazy: () => import('./routes/settings') },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
