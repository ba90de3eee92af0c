import { startTransition, useEffect, useState } from 'react';

let painted: Promise<void> | undefined;

/**
 * Resolves at the page's first contentful paint (at once after it). A page first paints what it
 * already knows (the data it showed last time, skeletons of its content's size); what can wait
 * waits for that paint, so it does not hold it back: API reads (lib/api.ts) and error reporting's
 * SDK (lib/error-reporting.ts). A hidden page does not paint, so it does not wait.
 */
export function firstContentfulPaint(): Promise<void> {
  return (painted ??= new Promise<void>((resolve) => {
    const observable = typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint');
    if (document.visibilityState === 'hidden' || !observable) return resolve();
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
    document.addEventListener('visibilitychange', () => resolve(), { once: true });
  }));
}

/** The first contentful paint, or `ms` from now for a page that paints no text so soon. */
export function firstContentfulPaintOr(ms: number): Promise<void> {
  return Promise.race([firstContentfulPaint(), new Promise<void>((resolve) => setTimeout(resolve, ms))]);
}

/**
 * `value` once it has come, its first arrival rendered in the background: a page's first data
 * mounts its whole view (the calendar's grid) in one long render, which a transition cuts into
 * slices that leave the phone free to answer a tap. Later values render at once.
 */
export function useArrivedInBackground<T>(value: T | undefined): T | undefined {
  const [arrived, setArrived] = useState(value !== undefined);
  useEffect(() => {
    if (value !== undefined && !arrived) startTransition(() => setArrived(true));
  }, [value, arrived]);
  return arrived ? value : undefined;
}
