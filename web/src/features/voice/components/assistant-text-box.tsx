import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { useVoice } from './voice-provider';
import { useAppTexts } from '../../../i18n/texts';

/**
 * Typed requests for the assistant, for a person without a microphone or in a quiet office: sent
 * into the running conversation, or into one opened by text for them.
 */
export function AssistantTextBox({ autoFocus = false }: { autoFocus?: boolean }) {
  const { blocked, sendText } = useVoice();
  const [text, setText] = useState('');
  const inputId = useId();
  const t = useAppTexts().voice;

  function submit(event: FormEvent) {
    event.preventDefault();
    const request = text.trim();
    if (!request || blocked) return;
    sendText(request);
    setText('');
  }

  return (
    <form className="voice-text" onSubmit={submit}>
      <label htmlFor={inputId} className="visually-hidden">
        {t.typeLabel}
      </label>
      <input
        id={inputId}
        className="field__control voice-text__input"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t.typePlaceholder}
        autoComplete="off"
        maxLength={1_000}
        disabled={blocked}
        autoFocus={autoFocus}
      />
      <Button type="submit" variant="secondary" disabled={blocked || !text.trim()}>
        {t.send}
      </Button>
    </form>
  );
}
