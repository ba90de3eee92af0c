import { useEffect, useState } from 'react';
import { TOOL_ACTIVITY_TOAST } from '../../../../../shared/constants';
import type { ToolCall } from '../../../../../shared/tool-calls.schema';
import { Button } from '../../../components/ui/button';
import { classNames } from '../../../components/ui/class-names';
import { Spinner } from '../../../components/ui/spinner';
import { isUndoable, toastQueue, toastStatus, toastSubtitle, toolTitle } from '../lib/tool-activity';
import { useVoice } from './voice-provider';
import { useAppTexts } from '../../../i18n/texts';
import { localizeMessage } from '../../../lib/api';

const shownKey = (call: ToolCall) => `${call.id}:${call.status}`;

/**
 * The assistant's recent tool calls, one at a time for TOOL_ACTIVITY_TOAST.durationMs each: pending
 * calls first, then the 3 last finished. A call shown pending is shown again once it
 * finishes. Pointer or focus on it holds it (time to reach Undo).
 */
export function ToolActivityToast() {
  const { toolCalls, undo } = useVoice();
  const [shown, setShown] = useState<ReadonlySet<string>>(new Set());
  const [held, setHeld] = useState(false);
  const [undoing, setUndoing] = useState(false);
  const current = toastQueue(toolCalls).find((call) => !shown.has(shownKey(call)));
  const currentKey = current && shownKey(current);
  const texts = useAppTexts();
  const t = texts.voice.tools;

  useEffect(() => {
    if (!currentKey || held) return;
    const timer = setTimeout(() => setShown((keys) => new Set(keys).add(currentKey)), TOOL_ACTIVITY_TOAST.durationMs);
    return () => clearTimeout(timer);
  }, [currentKey, held]);

  async function undoCurrent(call: ToolCall) {
    setUndoing(true);
    try {
      await undo(call);
    } finally {
      setUndoing(false);
    }
  }

  return (
    <div className="tool-toast" role="status">
      {current && (
        <div
          className={classNames('tool-toast__card', `tool-toast__card--${current.status}`)}
          onPointerEnter={() => setHeld(true)}
          onPointerLeave={() => setHeld(false)}
          onFocus={() => setHeld(true)}
          onBlur={() => setHeld(false)}
        >
          <span className="tool-toast__icon" aria-hidden="true">
            {current.status === 'pending' ? <Spinner /> : current.status === 'success' ? '✓' : '!'}
          </span>
          <div className="tool-toast__text">
            <p className="tool-toast__title">{toolTitle(current.tool_name, texts)}</p>
            <p className="tool-toast__label">
              {toastStatus(current, texts)}
              <span className="tool-toast__subtitle"> · {toastSubtitle(current, texts)}</span>
            </p>
            {current.status === 'error' && current.error_message && <p className="tool-toast__error">{localizeMessage(current.error_message, texts)}</p>}
          </div>
          {isUndoable(current) && (
            <Button
              variant="secondary"
              busy={undoing}
              onClick={() => void undoCurrent(current)}
              aria-label={t.undoLabel(toolTitle(current.tool_name, texts), toastSubtitle(current, texts))}
            >
              {t.undo}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
