import { useConnectionStatus } from '../../../lib/change-watcher';
import { useShowRealtimeStatus } from '../api/realtime-status';
import './realtime-indicator.css';

/** The real-time connection status in the app's frame, when Settings says to show it. */
export function RealtimeIndicator() {
  const [show] = useShowRealtimeStatus();
  const status = useConnectionStatus();
  if (!show) return null;
  return (
    <p className={`realtime-status realtime-status--${status.toLowerCase()}`} role="status">
      <span className="realtime-status__dot" aria-hidden="true" />
      Real-time status: {status}
    </p>
  );
}
