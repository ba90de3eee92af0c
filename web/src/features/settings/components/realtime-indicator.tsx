import { useConnectionStatus } from '../../../lib/change-watcher';
import { useShowRealtimeStatus } from '../api/realtime-status';
import './realtime-indicator.css';
import { useAppTexts } from '../../../i18n/texts';

/** The real-time connection status in the app's frame, when Settings says to show it; `compact`: the dot alone, its words for screen readers and as a tooltip. */
export function RealtimeIndicator({ compact = false }: { compact?: boolean }) {
  const [show] = useShowRealtimeStatus();
  const status = useConnectionStatus();
  const t = useAppTexts().settings.realtime;
  if (!show) return null;
  const text = t.status(t.states[status]);
  return (
    <p className={`realtime-status realtime-status--${status.toLowerCase()}`} role="status" title={compact ? text : undefined}>
      <span className="realtime-status__dot" aria-hidden="true" />
      <span className={compact ? 'visually-hidden' : undefined}>{text}</span>
    </p>
  );
}
