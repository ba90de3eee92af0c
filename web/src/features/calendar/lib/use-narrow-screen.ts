import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX } from '../../../../../shared/constants';

const NARROW_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

function subscribe(changed: () => void): () => void {
  const query = window.matchMedia(NARROW_QUERY);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
}

/** True under the mobile breakpoint (768 px). */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(NARROW_QUERY).matches);
}
