import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX } from '../../../../shared/constants';

/** Under the mobile breakpoint: the complement of the stylesheets' `(min-width: 768px)`, fractional widths included. */
const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

function watchMobile(changed: () => void): () => void {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
}

/** True while the window is under the mobile breakpoint (768 px), re-rendering as it crosses it. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(watchMobile, () => window.matchMedia(MOBILE_QUERY).matches);
}
