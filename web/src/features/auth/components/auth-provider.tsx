import { createContext, use, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from '../../../lib/navigation';
import { SESSION_CACHE_MS } from '../../../../../shared/constants';
import { useToast } from '../../../components/ui/toast';
import { useTexts } from '../../../i18n/texts';
import type * as CognitoApi from '../api/cognito';
import type { AuthEvent } from '../api/cognito';
import type { SignInRouteState } from '../lib/return-path';
import { forgetRememberedData } from '../../../lib/remembered-data';
import { clearOfflineData } from '../../../lib/offline/status';
import { setReportedUser } from '../../../lib/error-reporting';
import { jwtClaims, sessionEnded, sessionIdToken, setSessionSource } from '../../../lib/session';
import { dropSession, forgetEndedSession, freshStoredIdToken, isOAuthRedirectReturn, signedOutElsewhere, storageHoldingSession } from '../lib/stored-session';
import { isNetworkFailure } from '../lib/network-failure';
import { endBrowserSession, markBrowserSession, onSignOutElsewhere } from '../lib/browser-session';

type AuthStatus = 'loading' | 'signedIn' | 'signedOut';
type Cognito = typeof CognitoApi;

interface AuthContextValue {
  status: AuthStatus;
  /** The stored session could not be renewed: sign-in pages say so. */
  sessionExpired: boolean;
  /** Amplify, configured; downloaded on first use. */
  loadCognito: () => Promise<Cognito>;
  /** `endedElsewhere`: the session was ended on another device (a 401 with a token held): what waits to be sent is kept for the next sign-in. */
  signOut: (options?: { endedElsewhere?: boolean }) => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const auth = use(AuthContext);
  if (!auth) throw new Error('useAuth needs an AuthProvider above it');
  return auth;
}

/** Where a failed token refresh leaves the visitor instead of sending them to sign in again. */
const STAY_WHEN_SESSION_EXPIRES = new Set(['/', '/login', '/signup']);

let cognitoLoad: Promise<Cognito> | null = null;
/** Amplify's auth events, heard through one subscription for the app's lifetime, go to the AuthProvider. */
let onAuthEvent: (event: AuthEvent) => void = () => undefined;
let subscribed = false;

/** Amplify, configured: downloaded on first use. */
function loadCognito(): Promise<Cognito> {
  cognitoLoad ??= import('../api/cognito').then(async (cognito) => {
    // Subscribed before configuring, so the events of finishing a Google sign-in are heard too.
    if (!subscribed) cognito.listenToAuthEvents((event) => onAuthEvent(event));
    subscribed = true;
    await cognito.configureAuth();
    return cognito;
  });
  return cognitoLoad.catch((error: unknown) => {
    cognitoLoad = null; // a later call tries again
    throw error;
  });
}

/**
 * Whether the last refresh failed for want of a network rather than by Cognito's answer: the stored
 * session then stands (offline, the pages show what this browser kept), and is checked again once
 * the browser is back online.
 */
let refreshUnreachable = false;

// The API's token: the stored one while it is fresh, so a signed-in visit does not download
// Amplify until the tokens need a refresh.
setSessionSource({
  stored: freshStoredIdToken,
  // Amplify would refresh a copy of a session signed out in another tab: it is not asked then.
  refreshed: () =>
    signedOutElsewhere()
      ? Promise.resolve(null)
      : loadCognito()
          .then((cognito) => cognito.sessionIdToken())
          .then(
            (token) => {
              refreshUnreachable = false;
              return token;
            },
            (error: unknown) => {
              refreshUnreachable = isNetworkFailure(error);
              return null;
            },
          ),
  storage: () => {
    const kind = storageHoldingSession();
    return kind === 'local' ? window.localStorage : kind === 'session' ? window.sessionStorage : null;
  },
});

function initialStatus(): AuthStatus {
  if (isOAuthRedirectReturn(window.location.search)) return 'loading';
  // Offline, a stored session that needs a refresh cannot have one: it stands until the network is back.
  if (freshStoredIdToken() || (!navigator.onLine && storageHoldingSession())) return 'signedIn';
  return storageHoldingSession() ? 'loading' : 'signedOut';
}

/**
 * The session: loading, then signed in or signed out, kept current by Amplify's auth events.
 * Amplify is loaded only when the stored tokens need a refresh, the browser returns from Google, or
 * a page needs it (to sign in, up or out), so first visits stay light.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  const showToast = useToast();
  const texts = useTexts();
  const [status, setStatus] = useState<AuthStatus>(initialStatus);
  /** Set by a failed token refresh; cleared once the visitor is on a page of STAY_WHEN_SESSION_EXPIRES. */
  const [sessionExpired, setSessionExpired] = useState(false);
  const firstStatus = useRef(status);
  const heldStoredSession = useRef(storageHoldingSession());

  const checkSession = useCallback(async () => {
    // The same source as the API's token: the stored one while fresh, else Amplify's refresh.
    // A refresh that could not reach Cognito leaves a stored session standing.
    const signedIn = (await sessionIdToken()) !== null || (refreshUnreachable && storageHoldingSession() !== null);
    // Stored tokens that yield no session have expired: say so, whichever of this check and
    // Amplify's refresh-failure event comes first.
    if (!signedIn && heldStoredSession.current) setSessionExpired(true);
    setStatus(signedIn ? 'signedIn' : 'signedOut');
  }, []);

  const signOut = useCallback(async ({ endedElsewhere = false } = {}) => {
    heldStoredSession.current = null; // signing out on purpose is not an expiry
    // What this browser kept for the account goes, its waiting changes too (the frame asked first),
    // offline as well. A session ended elsewhere keeps what waits (lib/offline/account.ts).
    if (!endedElsewhere) void clearOfflineData();
    // Before Amplify loads: the other tabs are signed out from this moment.
    endBrowserSession();
    let cognito: Cognito;
    try {
      cognito = await loadCognito();
    } catch {
      // Offline, Amplify's configuration is out of reach: its entries go without it (nothing can be revoked offline).
      for (const store of [window.localStorage, window.sessionStorage]) dropSession(store);
      setStatus('signedOut');
      return;
    }
    try {
      await cognito.signOutHere();
    } catch {
      await cognito.forgetSession();
      setStatus('signedOut');
    }
  }, []);

  useLayoutEffect(() => {
    onAuthEvent = (event) => {
      switch (event) {
        case 'signedIn':
          setStatus('signedIn');
          break;
        case 'signedOut':
          if (heldStoredSession.current) setSessionExpired(true);
          setStatus('signedOut');
          break;
        case 'tokenRefreshFailed':
          setSessionExpired(true);
          setStatus('signedOut');
          // Amplify keeps the tokens after a transient refresh failure; the session ends here all the same.
          void loadCognito().then((cognito) => cognito.forgetSession());
          break;
        case 'googleSignInFailed':
          showToast({ tone: 'error', title: texts.auth.messages.google });
          break;
      }
    };
  });

  useEffect(() => {
    // Another tab signed out: so does this one, without calling it an expiry.
    onSignOutElsewhere(() => {
      heldStoredSession.current = null;
      setStatus('signedOut');
    });
  }, []);

  useEffect(() => {
    // A session kept in this tab's storage is shared with the browser's other tabs (lib/browser-session.ts).
    if (status === 'signedIn' && storageHoldingSession() === 'session') markBrowserSession();
  }, [status]);

  useEffect(() => {
    // Error reports name the signed-in user by id (the token's subject) and nothing else.
    if (status === 'signedIn') void sessionIdToken().then((token) => setReportedUser(token ? String(jwtClaims(token).sub) : null));
    if (status === 'signedOut') setReportedUser(null);
  }, [status]);

  useEffect(() => {
    // Nothing kept for a session outlives it: a next user of this browser starts from nothing.
    if (status !== 'signedOut') return;
    forgetRememberedData();
    sessionEnded();
  }, [status]);

  useEffect(() => {
    // The first check; Amplify's events keep the state current afterwards.
    if (firstStatus.current === 'loading') void checkSession();
  }, [checkSession]);

  useEffect(() => {
    // Back online, a session kept standing offline is refreshed, or found ended, at once.
    if (status !== 'signedIn') return;
    const recheck = () => void checkSession();
    window.addEventListener('online', recheck);
    return () => window.removeEventListener('online', recheck);
  }, [status, checkSession]);

  useEffect(() => {
    // A session is trusted for SESSION_CACHE_MS, then checked again: the tokens are
    // refreshed then, or an ended session (a refresh token revoked elsewhere) is noticed on an idle page.
    if (status !== 'signedIn') return;
    const timer = setInterval(() => void checkSession(), SESSION_CACHE_MS);
    return () => clearInterval(timer);
  }, [status, checkSession]);

  // Signed out in another tab: this one is from that moment, on whatever it shows next, before the message arrives.
  const endedElsewhere = status === 'signedIn' && signedOutElsewhere();
  useEffect(() => {
    if (!endedElsewhere) return;
    heldStoredSession.current = null;
    // Amplify would take this tab's copy for a signed-in user (and refuse a new sign-in).
    forgetEndedSession();
    setStatus('signedOut');
  }, [endedElsewhere]);
  const shownStatus = endedElsewhere ? 'signedOut' : status;

  const staying = STAY_WHEN_SESSION_EXPIRES.has(location.pathname);
  useEffect(() => {
    if (sessionExpired && staying) setSessionExpired(false);
  }, [sessionExpired, staying]);
  const expiredState = useMemo((): SignInRouteState => ({ from: location }), [location]);

  const value = useMemo(() => ({ status: shownStatus, sessionExpired, loadCognito, signOut }), [shownStatus, sessionExpired, signOut]);
  return (
    <AuthContext value={value}>
      {/* In place of the page, so a signed-in page cannot send the visitor to sign in without the reason. */}
      {sessionExpired && !staying ? <Navigate to="/login?message=session_expired" replace state={expiredState} /> : children}
    </AuthContext>
  );
}
