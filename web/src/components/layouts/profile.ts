import { fetchUserAttributes } from 'aws-amplify/auth';
import useSWR from 'swr';

export interface Profile {
  name: string | null;
  email: string;
}

/** The signed-in user's name and email, as Cognito holds them. */
async function getProfile(): Promise<Profile> {
  const attributes = await fetchUserAttributes();
  return { name: attributes.name?.trim() || null, email: attributes.email ?? '' };
}

/** One read per session for the layout, the dashboard greeting and the bug report's defaults. */
export function useProfile(): Profile | undefined {
  return useSWR('profile', getProfile, { revalidateOnFocus: false, revalidateIfStale: false }).data;
}

/** The first word of the name, for a greeting. */
export function firstName(profile: Profile | undefined): string | null {
  return profile?.name?.split(/\s+/)[0] ?? null;
}
