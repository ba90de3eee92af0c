import useSWR from 'swr';
import { isDemoAddress } from '../../../../shared/demo';
import { nameToUse } from '../../../../shared/person';
import { demoEnd } from '../../lib/demo-end';
import { useSettings } from '../../lib/items';
import { jwtClaims, sessionIdToken, storedSessionClaims } from '../../lib/session';

export interface Profile {
  /** What to call the person (shared/person.ts); null while the settings load or with personalization off. */
  name: string | null;
  /** False while the settings load: the name may still come. */
  nameKnown: boolean;
  email: string;
  /** A demo account's end and the zone to show it in (null until both are known), shown in place of its generated address; null for any other account. */
  demo: { endsAt: string | null; timeZone: string | null } | null;
}

/** The address the id token names (no call to Cognito: the token holds it). */
async function getEmail(): Promise<string> {
  const token = await sessionIdToken();
  return emailOf(token ? jwtClaims(token) : null) ?? '';
}

const emailOf = (claims: Record<string, unknown> | null) => (typeof claims?.email === 'string' ? claims.email : undefined);

/** The person's name and email for the layout, the dashboard greeting and the bug report's defaults. */
export function useProfile(): Profile | undefined {
  // At once from the stored token when it is fresh, so the frame's first paint has it.
  const email = useSWR('profile-email', getEmail, { revalidateOnFocus: false, revalidateIfStale: false, fallbackData: emailOf(storedSessionClaims()) }).data;
  const settings = useSettings().data;
  if (email === undefined) return undefined;
  const demo = isDemoAddress(email) ? { endsAt: demoEnd(email), timeZone: settings?.preferred_timezone ?? null } : null;
  return { email, name: settings ? nameToUse(settings) : null, nameKnown: settings !== undefined, demo };
}

/** The first word of the name, for a greeting. */
export function firstName(profile: Profile | undefined): string | null {
  return profile?.name?.split(/\s+/)[0] ?? null;
}
