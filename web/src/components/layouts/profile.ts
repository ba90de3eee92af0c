import useSWR from 'swr';
import { nameToUse } from '../../../../shared/person';
import { useSettings } from '../../lib/items';
import { jwtClaims, sessionIdToken } from '../../lib/session';

export interface Profile {
  /** What to call the person (shared/person.ts); null while the settings load or with personalization off. */
  name: string | null;
  email: string;
}

/** The address the id token names (no call to Cognito: the token holds it). */
async function getEmail(): Promise<string> {
  const token = await sessionIdToken();
  const { email } = token ? jwtClaims(token) : {};
  return typeof email === 'string' ? email : '';
}

/** The person's name and email for the layout, the dashboard greeting and the bug report's defaults. */
export function useProfile(): Profile | undefined {
  const email = useSWR('profile-email', getEmail, { revalidateOnFocus: false, revalidateIfStale: false }).data;
  const settings = useSettings().data;
  if (email === undefined) return undefined;
  return { email, name: settings ? nameToUse(settings) : null };
}

/** The first word of the name, for a greeting. */
export function firstName(profile: Profile | undefined): string | null {
  return profile?.name?.split(/\s+/)[0] ?? null;
}
