import useSWR from 'swr';
import { ACCOUNT_CREATED_CLAIM } from '../../../../shared/constants';
import { isDemoAddress } from '../../../../shared/demo';
import { nameToUse } from '../../../../shared/person';
import { demoEnd } from '../../lib/demo-end';
import { useSettings } from '../../lib/items';
import { jwtClaims, sessionIdToken, storedSessionClaims } from '../../lib/session';

/**
 * The signed-in user, the specification's client view of them, read from the ID token (no call:
 * the token holds it). `full_name` is the settings' when set, else the name the account was made
 * with; `avatar_url` a Google account's picture (its `picture` claim), else null; `created_at` when
 * the account was made (ACCOUNT_CREATED_CLAIM, set by the server as the token is made).
 */
export interface User {
  id: string;
  email: string;
  full_name: string | null;
  avatar_url: string | null;
  created_at: string | null;
}

export interface Profile extends User {
  /** What to call the person (shared/person.ts); null while the settings load or with personalization off. */
  name: string | null;
  /** False while the settings load: the name may still come. */
  nameKnown: boolean;
  /** A demo account's end and the zone to show it in (null until both are known), shown in place of its generated address; null for any other account. */
  demo: { endsAt: string | null; timeZone: string | null } | null;
}

/** The ID token's claims (no call to Cognito: the token holds what the user view shows). */
async function getClaims(): Promise<Record<string, unknown> | undefined> {
  const token = await sessionIdToken();
  return token ? jwtClaims(token) : undefined;
}

const textOrNull = (claim: unknown) => (typeof claim === 'string' ? claim : null);

/** The signed-in user and what the pages show of them: the layout, the dashboard greeting and the bug report's defaults. */
export function useProfile(): Profile | undefined {
  // At once from the stored token when it is fresh, so the frame's first paint has it.
  const claims = useSWR('profile-claims', getClaims, {
    revalidateOnFocus: false,
    revalidateIfStale: false,
    fallbackData: storedSessionClaims() ?? undefined,
  }).data;
  const settings = useSettings().data;
  if (typeof claims?.email !== 'string') return undefined;
  const { email } = claims;
  return {
    id: String(claims.sub),
    email,
    full_name: settings?.full_name ?? textOrNull(claims.name),
    avatar_url: textOrNull(claims.picture),
    created_at: textOrNull(claims[ACCOUNT_CREATED_CLAIM]),
    name: settings ? nameToUse(settings) : null,
    nameKnown: settings !== undefined,
    demo: isDemoAddress(email) ? { endsAt: demoEnd(email), timeZone: settings?.preferred_timezone ?? null } : null,
  };
}

/** The first word of the name, for a greeting. */
export function firstName(profile: Profile | undefined): string | null {
  return profile?.name?.split(/\s+/)[0] ?? null;
}
