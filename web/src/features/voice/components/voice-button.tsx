import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { classNames } from '../../../components/ui/class-names';
import { useItems } from '../../../lib/items';
import { AssistantTextBox } from './assistant-text-box';
import { callButtonLabel, CallStatus } from './call-status';
import { useChangeSets } from '../api/change-sets';
import { ToolActivityToast } from './tool-activity-toast';
import { VoiceOrb } from './voice-orb';
import { useLiveChangeSetId, useVoice } from './voice-provider';
import './voice.css';
import { useAppTexts } from '../../../i18n/texts';

/** The change sets panel's code comes once there is a change set to show: most visits have none, and every signed-in page would carry it. */
const ChangeSets = lazy(() => import('./change-sets').then(({ ChangeSets: Panel }) => ({ default: Panel })));

function ChangeSetsOnceAny() {
  const liveId = useLiveChangeSetId();
  const { data: sets } = useChangeSets(liveId);
  if (!liveId && !sets?.length) return null;
  return (
    <Suspense fallback={null}>
      <ChangeSets liveId={liveId} sets={sets} />
    </Suspense>
  );
}

const RING_RADIUS = 30;
const RING_LENGTH = 2 * Math.PI * RING_RADIUS;

/**
 * The floating voice button, bottom right, ringed by the share of tasks completed; beside it a
 * button that opens the typing box. The caption and the box sit in a card above it, which opens
 * by itself when a call starts or fails; the tool-activity toast sits over them.
 */
export function VoiceButton() {
  const { state, blocked, offline, toggle, available } = useVoice();
  const tasks = useItems('tasks').data ?? [];
  const completed = tasks.filter((task) => task.status === 'completed').length;
  const share = tasks.length > 0 ? completed / tasks.length : 0;
  const [open, setOpen] = useState(false);
  const [typing, setTyping] = useState(false);
  const cardId = useId();
  const captionId = useId();
  const offlineId = useId();
  const texts = useAppTexts();
  const t = texts.voice;

  const typeButton = useRef<HTMLButtonElement>(null);

  // A call starting or running (also one carried over from another page) or failing opens the card.
  useEffect(() => {
    if (state.phase === 'starting' || state.phase === 'active' || state.error) setOpen(true);
  }, [state.phase, state.error]);

  function closeCard() {
    setOpen(false);
    typeButton.current?.focus();
  }

  return (
    <div className="voice-fab">
      <ToolActivityToast />
      {open && (
        <div className="voice-fab__card card" id={cardId} role="group" aria-label={t.title}>
          <button type="button" className="voice-fab__close" aria-label={t.closeCard} onClick={closeCard}>
            <span aria-hidden="true">×</span>
          </button>
          <CallStatus captionId={captionId} />
          {available && <AssistantTextBox autoFocus={typing} />}
          <ChangeSetsOnceAny />
        </div>
      )}
      <div className="voice-fab__row">
        {/* Offline, the pill beside the button says why it is disabled, in place of the progress. */}
        {offline ? (
          <p className="voice-fab__progress voice-fab__progress--offline" id={offlineId}>
            {texts.offline.needsConnection.assistant}
          </p>
        ) : (
          tasks.length > 0 && <p className="voice-fab__progress">{t.tasksCompleted(completed, tasks.length)}</p>
        )}
        {available && (
          <button
            ref={typeButton}
            type="button"
            className="voice-fab__type"
            aria-label={t.typeLabel}
            aria-expanded={open}
            aria-controls={open ? cardId : undefined}
            onClick={() => {
              setTyping(!open);
              setOpen(!open);
            }}
          >
            <KeyboardIcon />
          </button>
        )}
        <VoiceOrb>
          <button
            type="button"
            className="voice-fab__button"
            aria-label={callButtonLabel(state, t.talk, t)}
            aria-describedby={offline ? offlineId : open ? captionId : undefined}
            disabled={blocked}
            onClick={toggle}
          >
            <svg className="voice-fab__ring" viewBox="0 0 68 68" aria-hidden="true">
              <circle className="voice-fab__track" cx="34" cy="34" r={RING_RADIUS} />
              <circle className="voice-fab__done" cx="34" cy="34" r={RING_RADIUS} strokeDasharray={RING_LENGTH} strokeDashoffset={RING_LENGTH * (1 - share)} />
            </svg>
            <CallIcon inCall={state.phase === 'active' || state.phase === 'starting'} />
          </button>
        </VoiceOrb>
      </div>
    </div>
  );
}

/** The dashboard's voice panel: the large button in its orb, the caption, the typing box and the toast. */
export function VoicePanel() {
  const { state, blocked, toggle, available } = useVoice();
  const captionId = useId();
  const headingId = useId();
  const t = useAppTexts().voice;
  return (
    <section className="voice-panel card" aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        {t.title}
      </h2>
      <VoiceOrb large>
        <button
          type="button"
          className={classNames('voice-panel__button', state.phase === 'active' && 'voice-panel__button--active')}
          aria-label={callButtonLabel(state, t.ask, t)}
          aria-describedby={captionId}
          disabled={blocked}
          onClick={toggle}
        >
          <CallIcon inCall={state.phase === 'active' || state.phase === 'starting'} />
        </button>
      </VoiceOrb>
      <CallStatus captionId={captionId} />
      {available && <AssistantTextBox />}
      <ToolActivityToast />
      <ChangeSetsOnceAny />
    </section>
  );
}

/** A microphone, or a stop square while a call runs. */
function CallIcon({ inCall }: { inCall: boolean }) {
  return (
    <svg className="voice-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {inCall ? (
        <rect x="7" y="7" width="10" height="10" rx="2" />
      ) : (
        <path d="M12 15a3 3 0 0 0 3-3V6a3 3 0 1 0-6 0v6a3 3 0 0 0 3 3Zm5-3a5 5 0 0 1-10 0H5a7 7 0 0 0 6 6.93V21h2v-2.07A7 7 0 0 0 19 12h-2Z" />
      )}
    </svg>
  );
}

function KeyboardIcon() {
  return (
    <svg className="voice-icon voice-icon--small" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M3 6h18a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1Zm1 2v8h16V8H4Zm2 1h2v2H6V9Zm3 0h2v2H9V9Zm3 0h2v2h-2V9Zm3 0h3v2h-3V9ZM6 12h2v2H6v-2Zm3 0h6v2H9v-2Zm7 0h2v2h-2v-2Z" />
    </svg>
  );
}
