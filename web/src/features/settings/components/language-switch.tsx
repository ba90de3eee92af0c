import type { Language } from '../../../../../shared/languages';
import { useToast } from '../../../components/ui/toast';
import { loadCatalogue } from '../../../i18n/catalogues';
import { changeLanguage } from '../../../i18n/language';
import { LanguageSelect } from '../../../i18n/language-select';
import { useAppTexts } from '../../../i18n/texts';
import { saveSettings } from '../../../lib/items';

/**
 * The signed-in language switcher in the sidebar: saves only the language to the account, so
 * every device follows, and shows it at once.
 */
export function LanguageSwitch() {
  const showToast = useToast();
  const t = useAppTexts().settings;

  async function choose(language: Language) {
    try {
      await saveSettings({ lang: language });
      await changeLanguage(language);
      // Said in the language just chosen.
      showToast({ tone: 'success', title: (await loadCatalogue(language, 'app')).settings.updated });
    } catch {
      showToast({ tone: 'error', title: t.updateFailed });
    }
  }

  return <LanguageSelect className="language-select language-select--sidebar" onChoose={(language) => void choose(language)} />;
}
