import type { ReactNode } from 'react';
import { Link } from '../../lib/navigation';
import { changeLanguage } from '../../i18n/language';
import { LanguageSelect } from '../../i18n/language-select';
import { useTexts } from '../../i18n/texts';
import { BrandLink } from '../brand-link';
import { buttonClassName } from '../ui/button';
import { classNames } from '../ui/class-names';

interface SiteLayoutProps {
  children: ReactNode;
  /** A decorative picture behind the whole page; header and footer turn light on dark over it. */
  backdrop?: ReactNode;
}

/** The public site's frame: header with sign-in and waiting-list links, the page, the footer with the language switcher. */
export function SiteLayout({ children, backdrop }: SiteLayoutProps) {
  const overBackdrop = backdrop !== undefined;
  const t = useTexts().site;
  return (
    <div className={classNames('site', overBackdrop && 'site--over-backdrop')}>
      {backdrop}
      <a className="skip-link" href="#main">
        {t.skipToContent}
      </a>
      <header className="site-header">
        <BrandLink inverted={overBackdrop} />
        <nav className="site-header__nav" aria-label={t.accountNav}>
          <Link to="/login" className={buttonClassName(overBackdrop ? 'ghost-inverted' : 'ghost')}>
            {t.signIn}
          </Link>
          <Link to="/waitlist" className={buttonClassName('primary')}>
            {t.joinWaitlist}
          </Link>
        </nav>
      </header>
      <main id="main" className="site-main">
        {children}
      </main>
      <footer className="site-footer">
        <p>{t.footer(new Date().getFullYear())}</p>
        <Link to="/privacy-terms">{t.privacyTerms}</Link>
        <LanguageSelect onChoose={(language) => void changeLanguage(language)} />
      </footer>
    </div>
  );
}
