import type { ReactNode } from 'react';
import { BrandLink } from '../../../components/brand-link';

export type AuthChrome = 'marketing' | 'plain';

interface AuthShellProps {
  /** "marketing" adds the product panel beside the card; "plain" is the card alone. */
  chrome: AuthChrome;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}

/** The frame of the account pages: a card with the page's title, optionally beside the product panel. */
export function AuthShell({ chrome, title, intro, children }: AuthShellProps) {
  return (
    <div className={`auth-shell auth-shell--${chrome}`}>
      {chrome === 'marketing' && (
        <aside className="auth-shell__panel" aria-label="About Tempo">
          <BrandLink inverted />
          <p className="auth-shell__pitch">Say what you want to get done. Tempo turns it into goals, tasks and a calendar that keeps up with you.</p>
          <ul className="auth-shell__points">
            <li>Plan by voice, in your own words</li>
            <li>Goals broken into tasks you can finish</li>
            <li>Your schedule and priorities in one place</li>
          </ul>
        </aside>
      )}
      <main id="main" className="auth-shell__main">
        {chrome === 'plain' && <BrandLink />}
        <div className="auth-card">
          <h1 className="auth-card__title">{title}</h1>
          {intro && <div className="auth-card__intro">{intro}</div>}
          {children}
        </div>
      </main>
    </div>
  );
}
