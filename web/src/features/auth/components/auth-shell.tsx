import type { ReactNode } from 'react';
import { BrandLink } from '../../../components/brand-link';
import { useTexts } from '../../../i18n/texts';

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
  const t = useTexts().auth.shell;
  return (
    <div className={`auth-shell auth-shell--${chrome}`}>
      {chrome === 'marketing' && (
        <aside className="auth-shell__panel" aria-label={t.about}>
          <BrandLink inverted />
          <p className="auth-shell__pitch">{t.pitch}</p>
          <ul className="auth-shell__points">
            {t.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
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
