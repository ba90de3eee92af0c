import type { ReactNode } from 'react';
import { Alert } from './alert';
import { Button } from './button';
import './load-state.css';
import { useAppTexts } from '../../i18n/texts';
import { localizedError } from '../../lib/api';

/** One read of the API, as SWR hands it over. */
export interface Read {
  data: unknown;
  error: unknown;
  isValidating: boolean;
  mutate: () => Promise<unknown>;
}

interface LoadStateProps {
  reads: readonly Read[];
  /** The failure's title ('Failed to load goals'). */
  failedTitle: string;
  /** Shown until every read has answered once: placeholders, never an empty state. */
  placeholder: ReactNode;
  children: ReactNode;
}

/**
 * Data a screen shows, honestly: placeholders until it is known, the settings page's red box with
 * Retry when a first read fails, and when a later refresh fails the last data under a quiet notice.
 */
export function LoadState({ reads, failedTitle, placeholder, children }: LoadStateProps) {
  const texts = useAppTexts();
  const failed = reads.filter((read) => read.error !== undefined);
  const retrying = reads.some((read) => read.isValidating);
  const retry = () => void Promise.all(failed.map((read) => read.mutate()));
  if (reads.some((read) => read.data === undefined)) {
    const unread = failed.find((read) => read.data === undefined);
    if (!unread) return <>{placeholder}</>;
    return (
      <Alert tone="error" title={failedTitle}>
        <p>{localizedError(unread.error, texts, texts.ui.connectionFailed)}</p>
        <Button variant="secondary" busy={retrying} onClick={retry}>
          {texts.common.retry}
        </Button>
      </Alert>
    );
  }
  return (
    <>
      {failed.length > 0 && (
        <p className="load-state__stale" role="status">
          {texts.ui.staleData}
          <Button variant="link" busy={retrying} onClick={retry}>
            {texts.common.retry}
          </Button>
        </p>
      )}
      {children}
    </>
  );
}

/** Grey lines where a list will be, with its loading text for screen readers. */
export function ListSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div role="status" className="load-state__lines">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: rows }, (_, index) => (
        <span key={index} className="skeleton" aria-hidden="true" />
      ))}
    </div>
  );
}
