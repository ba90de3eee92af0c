import useSWR from 'swr';
import type { CalendarFeed } from '../../../../../shared/calendar-feed.schema';
import { apiRequest } from '../../../lib/api';

const FEED_KEY = '/api/calendar-feed';

/** Whether the person's calendar feed is on; its address only in the answer that made it. */
export function useCalendarFeed() {
  return useSWR(FEED_KEY, () => apiRequest<CalendarFeed>(FEED_KEY, { signedIn: true }), { revalidateOnFocus: false });
}

/** A new address; the previous one is refused from now on. */
export const makeFeedAddress = () => apiRequest<CalendarFeed>(FEED_KEY, { method: 'POST', signedIn: true });

export const includeGoogleEvents = (include: boolean) =>
  apiRequest<CalendarFeed>(FEED_KEY, { method: 'PUT', body: { include_google: include }, signedIn: true });

export const turnFeedOff = () => apiRequest<void>(FEED_KEY, { method: 'DELETE', signedIn: true });
