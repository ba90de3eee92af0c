import type { AppTexts } from '../../../i18n/catalogue-types';
import type { OfflineStatus } from '../../../lib/offline/status';
import { OFFLINE_LIMITS } from '../../../../../shared/constants';

/**
 * What the frame's status line says, most pressing first: the waiting changes filling up (said
 * before anything is refused), the network being out, changes on their way, and for a moment after
 * the last one is saved that all are. Online with nothing waiting, nothing: no line stays for good.
 */
export type StatusLine =
  | { say: 'full' }
  | { say: 'nearlyFull'; waiting: number }
  /** `kept`: false when this browser keeps nothing on the device (no IndexedDB), so the changes live only as long as the tab. */
  | { say: 'offline'; waiting: number; kept: boolean }
  | { say: 'saving'; waiting: number }
  | { say: 'waiting'; waiting: number }
  | { say: 'saved' }
  | null;

export function statusLine(
  status: Pick<OfflineStatus, 'online' | 'waiting' | 'sending' | 'nearlyFull' | 'full'> & Partial<Pick<OfflineStatus, 'keptOffline'>>,
  justSaved: boolean,
): StatusLine {
  const { waiting } = status;
  if (status.full) return { say: 'full' };
  if (status.nearlyFull) return { say: 'nearlyFull', waiting };
  if (!status.online) return { say: 'offline', waiting, kept: status.keptOffline !== false };
  if (waiting > 0) return { say: status.sending ? 'saving' : 'waiting', waiting };
  return justSaved ? { say: 'saved' } : null;
}

/** The line in words, its numbers as `language` writes them. */
export function statusLineText(line: NonNullable<StatusLine>, t: AppTexts['offline'], language: string): string {
  const number = (value: number) => new Intl.NumberFormat(language).format(value);
  switch (line.say) {
    case 'full':
      return t.full(number(OFFLINE_LIMITS.maxWaitingChanges));
    case 'nearlyFull':
      return t.nearlyFull(number(line.waiting), number(OFFLINE_LIMITS.maxWaitingChanges));
    case 'offline':
      if (line.waiting === 0) return t.offline;
      return [t.offline, t.waiting(line.waiting), ...(line.kept ? [] : [t.keptInTabOnly])].join(' · ');
    case 'saving':
      return t.saving(line.waiting);
    case 'waiting':
      return t.waiting(line.waiting);
    case 'saved':
      return t.saved;
  }
}

/** Whether the line warns (the waiting changes filling up) rather than informs. */
export const warns = (line: StatusLine) => line?.say === 'full' || line?.say === 'nearlyFull';
