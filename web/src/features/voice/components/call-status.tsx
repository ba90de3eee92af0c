import { Button } from '../../../components/ui/button';
import type { CallState } from './voice-provider';
import { useVoice } from './voice-provider';
import { useAppTexts } from '../../../i18n/texts';
import type { AppTexts } from '../../../i18n/catalogue-types';
import { localizeMessage } from '../../../lib/api';

type VoiceTexts = AppTexts['voice'];

/** The call's caption: what the call is doing, 'Voice Error', or that a call needs a connection. */
export function callCaption(state: CallState, offline: boolean, texts: AppTexts): string {
  const t = texts.voice;
  if (state.error) return t.error;
  if (state.phase === 'starting') return t.connecting;
  if (state.phase === 'active') {
    if (state.textOnly) return t.chattingByText;
    return state.mode === 'speaking' ? t.speaking : t.listening;
  }
  return offline ? texts.offline.needsConnection.assistant : t.ask;
}

/** What the call button does now, for its accessible name. */
export function callButtonLabel(state: CallState, idleLabel: string, t: VoiceTexts): string {
  if (state.phase === 'starting') return t.cancelCall;
  if (state.phase === 'active') return state.textOnly ? t.endConversation : t.endCall;
  return idleLabel;
}

/** The caption, the error with a way to dismiss it, and the agent's last words. */
export function CallStatus({ captionId }: { captionId: string }) {
  const { state, offline, dismissError } = useVoice();
  const texts = useAppTexts();
  const t = texts.voice;
  return (
    <div className="voice-status">
      <p id={captionId} className="voice-status__caption" role="status">
        {callCaption(state, offline, texts)}
      </p>
      {state.error && (
        <div className="voice-status__error" role="alert">
          <p>{localizeMessage(state.error, texts)}</p>
          <Button variant="secondary" onClick={dismissError}>
            {texts.common.dismiss}
          </Button>
        </div>
      )}
      <p className="voice-status__agent" aria-live="polite">
        {state.phase === 'active' && state.agentMessage && (
          <>
            <span className="visually-hidden">{t.assistantSaid}</span>
            {state.agentMessage}
          </>
        )}
      </p>
    </div>
  );
}
