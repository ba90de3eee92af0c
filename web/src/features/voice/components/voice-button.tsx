import { useId } from 'react';
import { useItems } from '../../../lib/items';
import { useVoiceCall } from '../api/use-voice-call';
import './voice.css';

const RING_RADIUS = 30;
const RING_LENGTH = 2 * Math.PI * RING_RADIUS;

/** The floating voice button, bottom right, ringed by the share of tasks completed. */
export function VoiceButton() {
  const { toggle } = useVoiceCall();
  const tasks = useItems('tasks').data ?? [];
  const completed = tasks.filter((task) => task.status === 'completed').length;
  const share = tasks.length > 0 ? completed / tasks.length : 0;

  return (
    <div className="voice-fab">
      {tasks.length > 0 && (
        <p className="voice-fab__progress">
          {completed}/{tasks.length} tasks completed
        </p>
      )}
      <button type="button" className="voice-fab__button" aria-label="Talk to your assistant" onClick={toggle}>
        <svg className="voice-fab__ring" viewBox="0 0 68 68" aria-hidden="true">
          <circle className="voice-fab__track" cx="34" cy="34" r={RING_RADIUS} />
          <circle
            className="voice-fab__done"
            cx="34"
            cy="34"
            r={RING_RADIUS}
            strokeDasharray={RING_LENGTH}
            strokeDashoffset={RING_LENGTH * (1 - share)}
          />
        </svg>
        <MicrophoneIcon />
      </button>
    </div>
  );
}

/** The large button of the dashboard's voice panel. */
export function VoicePanel() {
  const { toggle } = useVoiceCall();
  const captionId = useId();
  return (
    <section className="voice-panel card" aria-label="Voice assistant">
      <button type="button" className="voice-panel__button" onClick={toggle} aria-labelledby={captionId}>
        <MicrophoneIcon />
      </button>
      <p className="voice-panel__caption" id={captionId}>
        Ask your assistant
      </p>
    </section>
  );
}

function MicrophoneIcon() {
  return (
    <svg className="voice-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12 15a3 3 0 0 0 3-3V6a3 3 0 1 0-6 0v6a3 3 0 0 0 3 3Zm5-3a5 5 0 0 1-10 0H5a7 7 0 0 0 6 6.93V21h2v-2.07A7 7 0 0 0 19 12h-2Z" />
    </svg>
  );
}
