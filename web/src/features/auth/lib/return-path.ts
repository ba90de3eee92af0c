import type { Location } from '../../../lib/navigation';

export interface SignInRouteState {
  /** Where the visitor was going when sent to sign in. */
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
  /** Fills the sign-in form's email, e.g. after signing up. */
  email?: string;
}

/** Where to go once signed in: back where the visitor was going, else the dashboard. */
export function returnPath(state: unknown): string {
  const from = (state as SignInRouteState | null)?.from;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/')) return '/dashboard';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

export function emailFromState(state: unknown): string {
  const email = (state as SignInRouteState | null)?.email;
  return typeof email === 'string' ? email : '';
}
