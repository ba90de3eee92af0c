import {
  Component,
  createContext,
  use,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type AnchorHTMLAttributes,
  type ErrorInfo,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { reportError } from './error-reporting';

/**
 * The app's navigation on the browser's History API: what a single-page app of fixed paths needs
 * (links, redirects, the query, scroll restored on back and forward) in about 2 KB, where a general
 * router library cost every page 30 KB gzipped. The route table is web/src/app/route-table.tsx.
 */

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What the navigation that made this entry carried (e.g. where to return after signing in). */
  state: unknown;
  /** This history entry's own id, for its scroll position. */
  key: string;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/** What the app keeps in each history entry. */
interface HistoryEntry {
  key: string;
  state: unknown;
}

/** A history entry's id (not a secret; crypto.randomUUID is missing on plain-http addresses other than localhost). */
const newKey = () => Math.random().toString(36).slice(2, 10);

function readLocation(): Location {
  const { pathname, search, hash } = window.location;
  const entry = window.history.state as Partial<HistoryEntry> | null;
  return { pathname, search, hash, state: entry?.state ?? null, key: entry?.key ?? '' };
}

const listeners = new Set<(pop: boolean) => void>();

/**
 * Goes to `to` (a path with its query and hash) in this tab, adding a history entry unless told to
 * replace it; going where the tab already is replaces its entry, so Back does not stay put.
 */
function navigate(to: string, { replace = false, state = null }: NavigateOptions = {}): void {
  rememberScroll();
  const url = new URL(to, window.location.href);
  const target = `${url.pathname}${url.search}${url.hash}`;
  const here = target === `${window.location.pathname}${window.location.search}${window.location.hash}`;
  const entry: HistoryEntry = { key: newKey(), state };
  window.history[replace || here ? 'replaceState' : 'pushState'](entry, '', target);
  for (const listener of listeners) listener(false);
}

/** The entry the app starts on gets an id too (a reload keeps the one it had). */
function startLocation(): Location {
  if (!(window.history.state as Partial<HistoryEntry> | null)?.key) window.history.replaceState({ key: newKey(), state: null } satisfies HistoryEntry, '');
  return readLocation();
}

const LocationContext = createContext<Location | null>(null);

export function useLocation(): Location {
  const location = use(LocationContext);
  if (!location) throw new Error('useLocation needs a RouterProvider above it');
  return location;
}

export function useNavigate(): typeof navigate {
  return navigate;
}

/**
 * The current location for the app below. A navigation shows once `prepare` has what the new
 * location needs (its page's code), so the page shown stays until then and nothing suspends.
 */
export function RouterProvider({ prepare, children }: { prepare: (pathname: string) => Promise<unknown>; children: ReactNode }) {
  const [location, setLocation] = useState(startLocation);
  useEffect(() => {
    const update = (pop: boolean) => {
      const next = readLocation();
      const show = () => {
        // A later navigation took over meanwhile: it shows when it is ready.
        if (readLocation().key !== next.key) return;
        lastNavigationWasPop = pop;
        setLocation((shown) => (shown.key === next.key && shown.pathname === next.pathname && shown.search === next.search ? shown : next));
      };
      // A failed preparation shows too: the page then says what went wrong.
      prepare(next.pathname).then(show, show);
    };
    const onPop = () => {
      rememberScroll(); // the entry left behind, before the new one shows
      update(true);
    };
    listeners.add(update);
    window.addEventListener('popstate', onPop);
    // A page's first render may redirect (its effects run before this one): catch up with it.
    update(false);
    return () => {
      listeners.delete(update);
      window.removeEventListener('popstate', onPop);
    };
  }, [prepare]);
  return <LocationContext value={location}>{children}</LocationContext>;
}

type URLSearchParamsInit = ConstructorParameters<typeof URLSearchParams>[0];

/** The query of the current location, and a way to change it (a new history entry unless told to replace). */
export function useSearchParams(): [
  URLSearchParams,
  (next: URLSearchParamsInit | ((current: URLSearchParams) => URLSearchParams), options?: NavigateOptions) => void,
] {
  const { search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback((next: URLSearchParamsInit | ((current: URLSearchParams) => URLSearchParams), options?: NavigateOptions) => {
    const query = (typeof next === 'function' ? next(new URLSearchParams(window.location.search)) : new URLSearchParams(next)).toString();
    navigate(`${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`, options);
  }, []);
  return [params, setParams];
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & NavigateOptions & { to: string };

/** A link the app follows itself; a modified click (new tab, download) stays the browser's. */
export function Link({ to, replace, state, onClick, ...anchor }: LinkProps) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const plainClick = event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
    if (event.defaultPrevented || !plainClick || (anchor.target && anchor.target !== '_self')) return;
    event.preventDefault();
    navigate(to, { replace, state });
  };
  return <a href={to} {...anchor} onClick={follow} />;
}

/** A link that says it is the current page (aria-current) when its path is the location's. */
export function NavLink(props: LinkProps) {
  const current = useLocation().pathname === new URL(props.to, window.location.href).pathname;
  return <Link aria-current={current ? 'page' : undefined} {...props} />;
}

/** Goes to `to` as soon as it is shown, in place of the page; once, however often it renders while the next page loads. */
export function Navigate({ to, replace, state }: NavigateOptions & { to: string }) {
  const gone = useRef(false);
  useLayoutEffect(() => {
    if (gone.current) return;
    gone.current = true;
    navigate(to, { replace, state });
  }, [to, replace, state]);
  return null;
}

const OutletContext = createContext<ReactNode>(null);

/** Where a layout shows the page inside it. */
export function Outlet() {
  return use(OutletContext);
}

/** Shows `page` inside `layout`, wherever the layout puts its Outlet. */
export function WithOutlet({ layout, page }: { layout: ReactNode; page: ReactNode }) {
  return <OutletContext value={page}>{layout}</OutletContext>;
}

// ---- scroll: to the top on a new page, back where it was on back and forward ----

let lastNavigationWasPop = false;
/** The history entry on screen, whose scroll position a navigation away keeps. */
let shownKey: string | null = null;
const SCROLL_KEY = 'tempo.scroll';
const scrollPositions = new Map<string, number>(readSavedScroll());

function readSavedScroll(): Array<[string, number]> {
  try {
    return Object.entries(JSON.parse(sessionStorage.getItem(SCROLL_KEY) ?? '{}') as Record<string, number>);
  } catch {
    return [];
  }
}

function rememberScroll(): void {
  if (shownKey) scrollPositions.set(shownKey, window.scrollY);
}

/** Restores each history entry's scroll position when it is shown again (also after a reload); a new page starts at the top. */
export function ScrollRestoration() {
  const { key, hash } = useLocation();
  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const save = () => {
      rememberScroll();
      sessionStorage.setItem(SCROLL_KEY, JSON.stringify(Object.fromEntries(scrollPositions)));
    };
    window.addEventListener('pagehide', save);
    return () => window.removeEventListener('pagehide', save);
  }, []);
  useLayoutEffect(() => {
    const saved = scrollPositions.get(key);
    if (lastNavigationWasPop || shownKey === null) window.scrollTo(0, saved ?? 0);
    else if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    else window.scrollTo(0, 0);
    shownKey = key;
  }, [key, hash]);
  return null;
}

// ---- errors: what a page throws (or a chunk that fails to load) shows the route error page ----

const RouteErrorContext = createContext<unknown>(null);

/** The error the nearest RouteErrorBoundary caught. */
export function useRouteError(): unknown {
  return use(RouteErrorContext);
}

interface BoundaryProps {
  fallback: ReactNode;
  /** A change of it (the path) clears the error: going elsewhere starts afresh. */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  failed: boolean;
  resetKey: string;
}

/** Shows `fallback` in place of a page that threw, until the visitor goes elsewhere. */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { error: null, failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
    reportError(error, { area: 'route error page', route: this.props.resetKey, componentStack: info.componentStack });
  }

  override render() {
    return this.state.failed ? <RouteErrorContext value={this.state.error}>{this.props.fallback}</RouteErrorContext> : this.props.children;
  }
}
