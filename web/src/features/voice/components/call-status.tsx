import { Button } from '../../../components/ui/button';
import type { CallState } from './voice-provider';
import { useVoice } from './voice-provider';

/** The call's caption: what the call is doing, or 'Voice Error'. */
export function callCaption(state: CallState): string {
  if (state.error) return 'Voice Error';
  if (state.phase === 'starting') return 'Connecting...';
  if (state.phase === 'active') {
    if (state.textOnly) return 'Chatting by text';
    return state.mode === 'speaking' ? 'AI is speaking...' : 'Listening...';
  }
  return 'Ask your assistant';
}

/** What the call button does now, for its accessible name. */
export function callButtonLabel(state: CallState, idleLabel: string): string {
  if (state.phase === 'starting') return 'Cancel call';
  if (state.phase === 'active') return state.textOnly ? 'End conversation' : 'End call';
  return idleLabel;
}

/** The caption, the standing error with a way to dismiss it, and the agent's last words. */
export function CallStatus({ captionId }: { captionId: string }) {
  const { state, dismissError } = useVoice();
  return (
    <div className="voice-status">
      <p id={captionId} className="voice-status__caption" role="status">
        {callCaption(state)}
      </p>
      {state.error && (
        <div className="voice-status__error" role="alert">
          <p>{state.error}</p>
          <Button variant="secondary" onClick={dismissError}>
            Dismiss
          </Button>
        </div>
      )}
      <p className="voice-status__agent" aria-live="polite">
        {state.phase === 'active' && state.agentMessage && (
          <>
            <span className="visually-hidden">Assistant: </span>
            {state.agentMessage}
          </>
        )}
      </p>
    </div>
  );
}
