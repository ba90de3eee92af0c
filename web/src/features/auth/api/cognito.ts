/**
 * Everything that talks to Cognito through Amplify. Loaded on demand (see AuthProvider), so the
 * landing page and the other public pages never download Amplify.
 */
import { Amplify } from 'aws-amplify';
import { fetchAuthSession, resendSignUpCode, signIn, signInWithRedirect, signOut, signUp } from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
// Finishes a Google sign-in when the hosted UI sends the browser back to /dashboard.
import 'aws-amplify/auth/enable-oauth-listener';
import { defaultStorage, Hub, sessionStorage } from 'aws-amplify/utils';
import type { WebConfig } from '../../../../../shared/web-config';
import { loadWebConfig } from '../../../lib/web-config';
import { browserKey } from '../../../lib/browser-key';
import { isNetworkFailure } from '../lib/network-failure';
import { storageHoldingSession, type TokenStorageKind } from '../lib/stored-session';
import type { Language } from '../../../../../shared/languages';
import { keepTokenFromSignIn, trustedBrowserToken, trustThisBrowser } from './trusted-browser';

export type SignInOutcome = 'signedIn' | 'unconfirmed' | 'resetRequired' | 'unsupported';

let configuring: Promise<WebConfig> | undefined;

/** Reads /config.json and configures Amplify, once; a failed attempt may be retried. */
export function configureAuth(): Promise<WebConfig> {
  configuring ??= loadWebConfig().then(applyConfig, (error: unknown) => {
    configuring = undefined;
    throw error;
  });
  return configuring;
}

function applyConfig(config: WebConfig): WebConfig {
  const origin = window.location.origin;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        loginWith: {
          email: true,
          ...(config.googleSignIn
            ? {
                oauth: {
                  domain: config.googleSignIn.domain,
                  scopes: ['openid', 'email', 'profile'],
                  redirectSignIn: [`${origin}/dashboard`],
                  redirectSignOut: [`${origin}/signout`],
                  responseType: 'code',
                  providers: ['Google'],
                },
              }
            : {}),
        },
      },
    },
  });
  // Read the tokens where the last sign-in put them.
  keepTokensIn(storageHoldingSession() ?? 'local');
  return config;
}

function keepTokensIn(kind: TokenStorageKind) {
  cognitoUserPoolsTokenProvider.setKeyValueStorage(kind === 'session' ? sessionStorage : defaultStorage);
}

/**
 * Password sign-in (USER_PASSWORD_AUTH: the flow cognito-local speaks, allowed on the AWS client
 * too). "Remember me" keeps the tokens in localStorage; otherwise in sessionStorage, shared with the
 * browser's other tabs until it closes (lib/browser-session.ts).
 */
export async function signInWithPassword(input: { email: string; password: string; rememberMe: boolean }): Promise<SignInOutcome> {
  keepTokensIn(input.rememberMe ? 'local' : 'session');
  const username = accountEmail(input.email);
  const trusted = trustedBrowserToken(username);
  const { isSignedIn, nextStep } = await signIn({
    username,
    password: input.password,
    // The browser's key: the server's sign-in throttle counts attempts per account and browser,
    // those of a browser the account trusts apart from everyone else's.
    options: { authFlowType: 'USER_PASSWORD_AUTH', clientMetadata: { browser: browserKey(), ...(trusted ? { device: trusted } : {}) } },
  });
  if (isSignedIn) {
    const { tokens } = await fetchAuthSession();
    // Without a new token this browser is only trusted as before (or not): the sign-in stands.
    if (!keepTokenFromSignIn(username, tokens?.idToken?.payload ?? {})) await trustThisBrowser(username).catch(() => undefined);
    return 'signedIn';
  }
  if (nextStep.signInStep === 'CONFIRM_SIGN_UP') return 'unconfirmed';
  if (nextStep.signInStep === 'RESET_PASSWORD') return 'resetRequired';
  return 'unsupported';
}

/**
 * Creates the account; Cognito mails the confirmation (its custom-message trigger makes it a link
 * to /verify-email). An address that has an account already is answered like a new one, so the
 * sign-up page tells nobody which addresses have accounts.
 */
/** Creates the account; `language` (the page's) becomes its `locale`, which the mails and the first settings follow. */
export async function signUpWithPassword(input: { email: string; password: string; fullName: string; language: Language }): Promise<void> {
  const email = accountEmail(input.email);
  try {
    await signUp({ username: email, password: input.password, options: { userAttributes: { email, name: input.fullName, locale: input.language } } });
  } catch (error) {
    if (!(error instanceof Error && error.name === 'UsernameExistsException')) throw error;
  }
}

/**
 * Mails a new confirmation link. Cognito refuses an address that is confirmed already or unknown;
 * those answers are kept to ourselves, like the sign-up's.
 */
export async function resendConfirmationLink(email: string): Promise<void> {
  try {
    await resendSignUpCode({ username: accountEmail(email) });
  } catch (error) {
    if (!(error instanceof Error && ['InvalidParameterException', 'UserNotFoundException'].includes(error.name))) throw error;
  }
}

/** Accounts are kept under the lower-case address, whatever case it is typed in. */
const accountEmail = (email: string) => email.trim().toLowerCase();

/** Leaves for Google through Cognito's hosted UI; the browser comes back to /dashboard. */
export async function startGoogleSignIn(): Promise<void> {
  await signInWithRedirect({ provider: 'Google' });
}

export async function signOutHere(): Promise<void> {
  await signOut();
}

/** The session's id token, refreshing the tokens if they expired; null without a usable session. */
export async function sessionIdToken(): Promise<string | null> {
  const { tokens } = await fetchAuthSession();
  return tokens?.idToken?.toString() ?? null;
}

export type AuthEvent = 'signedIn' | 'signedOut' | 'tokenRefreshFailed' | 'googleSignInFailed';

const HUB_EVENTS: Record<string, AuthEvent> = {
  signedIn: 'signedIn',
  signedOut: 'signedOut',
  tokenRefresh_failure: 'tokenRefreshFailed',
  signInWithRedirect_failure: 'googleSignInFailed',
};

/** Hears Amplify's auth events that change what the app shows. */
export function listenToAuthEvents(listener: (event: AuthEvent) => void): void {
  Hub.listen('auth', ({ payload }) => {
    // A refresh that could not reach Cognito ends nothing (Amplify keeps the tokens): the next check tries again.
    if (payload.event === 'tokenRefresh_failure' && isNetworkFailure(payload.data?.error)) return;
    const event = HUB_EVENTS[payload.event];
    if (event) listener(event);
  });
}

/**
 * Drops the stored tokens without signOut's round trip to the hosted UI: used after a refresh
 * failed, when there is nothing left to revoke.
 */
export async function forgetSession(): Promise<void> {
  await cognitoUserPoolsTokenProvider.tokenOrchestrator.clearTokens();
}
