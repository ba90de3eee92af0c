import { LANGUAGES, type Language } from '../../../shared/languages';
import { useLanguage } from './language';
import { useTexts } from './texts';

interface LanguageSelectProps {
  /** What choosing a language does: show it (public pages), or save it to the account as well. */
  onChoose: (language: Language) => void;
  className?: string;
}

/** The compact language switcher: each language named in itself, so a person finds their own. */
export function LanguageSelect({ onChoose, className }: LanguageSelectProps) {
  const texts = useTexts();
  const language = useLanguage();
  return (
    <select
      className={className ?? 'language-select'}
      aria-label={texts.common.language}
      value={language}
      onChange={(event) => onChoose(event.target.value as Language)}
    >
      {LANGUAGES.map((code) => (
        <option key={code} value={code} lang={code}>
          {texts.languageNames[code]}
        </option>
      ))}
    </select>
  );
}
