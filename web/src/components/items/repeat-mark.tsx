import { useAppTexts } from '../../i18n/texts';
import './repeat-mark.css';

/** Marks an occurrence of a repeating item. */
export function RepeatMark() {
  const mark = useAppTexts().repeat.mark;
  return (
    <span className="repeat-mark" title={mark}>
      <span aria-hidden="true">↻</span>
      <span className="visually-hidden">{mark}</span>
    </span>
  );
}
