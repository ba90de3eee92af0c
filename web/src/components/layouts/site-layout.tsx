import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BrandLink } from '../brand-link';
import { buttonClassName } from '../ui/button';
import { classNames } from '../ui/class-names';

interface SiteLayoutProps {
  children: ReactNode;
  /** A decorative picture behind the whole page; header and footer turn light on dark over it. */
  backdrop?: ReactNode;
}

/** The public site's frame: header with sign-in and waiting-list links, the page, the footer. */
export function SiteLayout({ children, backdrop }: SiteLayoutProps) {
  const overBackdrop = backdrop !== undefined;
  return (
    <div className={classNames('site', overBackdrop && 'site--over-backdrop')}>
      {backdrop}
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <BrandLink inverted={overBackdrop} />
        <nav className="site-header__nav" aria-label="Account">
          <Link to="/login" className={buttonClassName(overBackdrop ? 'ghost-inverted' : 'ghost')}>
            Sign In
          </Link>
          <Link to="/waitlist" className={buttonClassName('primary')}>
            Join the Waitlist
          </Link>
        </nav>
      </header>
      <main id="main" className="site-main">
        {children}
      </main>
      <footer className="site-footer">
        <p>© {new Date().getFullYear()} Tempo. All rights reserved. Tempo is in beta: features and terms may change.</p>
        <Link to="/privacy-terms">Privacy &amp; Terms</Link>
      </footer>
    </div>
  );
}
