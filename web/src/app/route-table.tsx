import type { ComponentType, ReactNode } from 'react';
import { GuestOnlyRoute } from '../features/auth/components/guest-only-route';
import { ProtectedRoute } from '../features/auth/components/protected-route';
import { loadCatalogue } from '../i18n/catalogues';
import { currentLanguage } from '../i18n/language';
import { readEarly } from '../lib/api';
import { traceLoad } from '../lib/error-reporting';
import { loadWebConfig } from '../lib/web-config';
import { Navigate, RouteErrorBoundary, RouterProvider, useLocation, WithOutlet } from '../lib/navigation';
import { CHANGES_PATH, listCacheKey, SETTINGS_KEY, TRASH_KEY } from '../lib/read-paths';
import { AppRoot } from './app-root';
import { RouteErrorPage } from './route-error-page';

/** A route's module (web/src/app/routes) exports its page or layout as `Component`; each is a chunk of its own. */
type RouteModule = { Component: ComponentType };
const componentOf = (module: RouteModule) => module.Component;

/** What a path shows: the layouts it sits in, outermost first (each shows what is inside where it puts its Outlet), then its page. */
type Route = () => Promise<readonly ComponentType[]>;

const open =
  (page: () => Promise<RouteModule>): Route =>
  async () => [componentOf(await page())];
/** Signed-in visitors are sent on to the app from these. */
const guestOnly =
  (page: () => Promise<RouteModule>): Route =>
  async () => [GuestOnlyRoute, componentOf(await page())];
/** The sign-in form shows at once whether Google sign-in is configured, so nothing moves when it is known. */
const signInPage =
  (page: () => Promise<RouteModule>): Route =>
  async () => {
    const [shown] = await Promise.all([page(), loadWebConfig().catch(() => null)]);
    return [GuestOnlyRoute, componentOf(shown)];
  };
/**
 * The session check, then the app's frame: sidebar, top bar, change polling and the voice button.
 * The frame's code and the app's texts download beside the page's, not after it; what the pages
 * showed last time is put back before they first render, so they paint it at once.
 */
const signedIn =
  (page: () => Promise<RouteModule>): Route =>
  async () => {
    // The configuration too (whether voice is on): the frame's first paint has its final size.
    const [frame, shown] = await Promise.all([
      import('./routes/signed-in-layout'),
      page(),
      loadCatalogue(currentLanguage(), 'app'),
      loadWebConfig().catch(() => null),
    ]);
    await frame.beforeFirstShow();
    return [ProtectedRoute, componentOf(frame), componentOf(shown)];
  };

/** Every page by its path; a visit downloads only the code of the pages it shows. */
const ROUTES: ReadonlyMap<string, Route> = new Map([
  ['/', guestOnly(() => import('./routes/landing'))],
  ['/login', signInPage(() => import('./routes/login'))],
  ['/login-simple', signInPage(() => import('./routes/login-simple'))],
  ['/demo', signInPage(() => import('./routes/demo'))],
  ['/signup', guestOnly(() => import('./routes/signup'))],
  ['/signup-simple', guestOnly(() => import('./routes/signup-simple'))],
  ['/waitlist', open(() => import('./routes/waitlist'))],
  // Its texts download beside its code: no other page needs them.
  ['/privacy-terms', open(() => Promise.all([import('./routes/privacy-terms'), loadCatalogue(currentLanguage(), 'privacy')]).then(([page]) => page))],
  ['/forgot-password', open(() => import('./routes/forgot-password'))],
  ['/verify-email', open(() => import('./routes/verify-email'))],
  ['/sign-in-link', signInPage(() => import('./routes/sign-in-link'))],
  ['/signout', open(() => import('./routes/signout'))],
  ['/dashboard', signedIn(() => import('./routes/dashboard'))],
  ['/goals', signedIn(() => import('./routes/goals'))],
  ['/tasks', signedIn(() => import('./routes/tasks'))],
  ['/calendar', signedIn(() => import('./routes/calendar'))],
  ['/trash', signedIn(() => import('./routes/trash'))],
  ['/settings', signedIn(() => import('./routes/settings'))],
]);

/**
 * What a signed-in page whose largest paint is its data reads as it opens: the change counters,
 * the frame's settings and the voice button's tasks, and the page's own lists. Read at once when
 * the app starts on that page (startFirstReads). The counters go first and with the lists, so the
 * change watcher's first counters (what it compares the next ones with) are no newer than the
 * lists: read after the first paint instead, they could already count a change made meanwhile that
 * the lists lack, which the page would then not read. Not the calendar's lists: its grid's first
 * render with the events is a long one, which held its first paint back (Lighthouse's mobile
 * largest paint 2.38 s became 2.56 s).
 */
const FRAME_READS = [CHANGES_PATH, SETTINGS_KEY, listCacheKey('tasks')];
const FIRST_READS: ReadonlyMap<string, readonly string[]> = new Map([
  ['/dashboard', [...FRAME_READS, listCacheKey('goals'), listCacheKey('events')]],
  ['/goals', [...FRAME_READS, listCacheKey('goals'), listCacheKey('tags')]],
  ['/tasks', [...FRAME_READS, listCacheKey('goals'), listCacheKey('tags')]],
  ['/calendar', [CHANGES_PATH]],
  ['/trash', [...FRAME_READS, TRASH_KEY]],
  ['/settings', FRAME_READS],
]);

/** Sends the first reads of the page the app starts on, beside the download of its code (lib/api.ts readEarly). */
export function startFirstReads(pathname: string): void {
  readEarly(FIRST_READS.get(pathname) ?? []);
}

/** Each path's components once their code arrived, or why it could not. */
const loadedRoutes = new Map<string, readonly ComponentType[] | { failure: unknown }>();

/**
 * Downloads what the page at `pathname` needs. The router shows a page once this is done, and the
 * first render waits for it (web/src/main.tsx): a page never suspends on its own code.
 */
export async function prepareRoute(pathname: string): Promise<void> {
  const route = ROUTES.get(pathname);
  if (!route || loadedRoutes.has(pathname)) return;
  try {
    loadedRoutes.set(pathname, await route());
  } catch (failure) {
    loadedRoutes.set(pathname, { failure });
    throw failure;
  }
}

/** A navigation's preparation, in its trace: the trace waits for the page's code, so the page's first requests belong to it. */
const prepareTracedRoute = (pathname: string) => traceLoad(`load ${pathname}`, prepareRoute(pathname));

function CurrentPage() {
  const { pathname } = useLocation();
  if (!ROUTES.has(pathname)) return <Navigate to="/" replace />;
  return (
    <RouteErrorBoundary resetKey={pathname} fallback={<RouteErrorPage />}>
      <AppRoot>
        <LoadedRoute pathname={pathname} />
      </AppRoot>
    </RouteErrorBoundary>
  );
}

function LoadedRoute({ pathname }: { pathname: string }) {
  const loaded = loadedRoutes.get(pathname);
  if (!loaded) throw new Error(`${pathname} was shown before its code arrived`);
  if ('failure' in loaded) throw loaded.failure;
  const [Page, ...outerFirst] = [...loaded].reverse();
  return outerFirst.reduce<ReactNode>((inside, Layout) => <WithOutlet layout={<Layout />} page={inside} />, Page ? <Page /> : null);
}

export function AppRouter() {
  return (
    <RouterProvider prepare={prepareTracedRoute}>
      <CurrentPage />
    </RouterProvider>
  );
}
