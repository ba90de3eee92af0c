import { useTexts } from '../../../i18n/texts';
import { Link } from '../../../lib/navigation';

interface AuthFormFooterProps {
  /** "New here?" and its link to the other form. */
  switchPrompt: string;
  switchLabel: string;
  switchTo: string;
  /** The fine print before the privacy link. */
  finePrint: string;
}

/** The foot of the sign-in and sign-up forms: the way to the other one, the fine print, the way home. */
export function AuthFormFooter({ switchPrompt, switchLabel, switchTo, finePrint }: AuthFormFooterProps) {
  const texts = useTexts();
  return (
    <>
      <p className="form__switch">
        {switchPrompt} <Link to={switchTo}>{switchLabel}</Link>
      </p>
      <p className="form__fineprint">
        {finePrint} <Link to="/privacy-terms">{texts.site.privacyTerms}</Link>
        {texts.auth.finePrintEnd}
      </p>
      <p className="form__back">
        <Link to="/">{texts.auth.backHome}</Link>
      </p>
    </>
  );
}
