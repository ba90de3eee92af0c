import { useEffect, useState } from 'react';
import { Link, useSearchParams } from '../../../lib/navigation';
import { Alert } from '../../../components/ui/alert';
import { buttonClassName } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useTexts } from '../../../i18n/texts';
import { localizedError } from '../../../lib/api';
import { openSignInLink } from '../api/trusted-browser';
import { AuthShell } from './auth-shell';
import { SignInForm } from './sign-in-form';

type Opening = { state: 'opening' } | { state: 'trusted'; email: string } | { state: 'failed'; failure: unknown };

/** The link works once: one opening per token, however often the page mounts (React's development double mount included). */
const openings = new Map<string, Promise<string>>();

/**
 * The page the mailed sign-in link opens: the link makes this browser trusted for its account
 * (its sign-ins and reset-code guesses count apart from strangers'), then the sign-in form shows,
 * its address filled in. The token leaves the address bar at once.
 */
export function SignInLinkPage() {
  const [query] = useSearchParams();
  const [token] = useState(() => query.get('token') ?? '');
  const [opening, setOpening] = useState<Opening>(() => (token ? { state: 'opening' } : { state: 'failed', failure: null }));
  const texts = useTexts();
  const t = texts.auth.signInLink;

  useEffect(() => {
    if (!token) return;
    window.history.replaceState(window.history.state, '', window.location.pathname);
    let current = true;
    let open = openings.get(token);
    if (!open) {
      open = openSignInLink(token);
      openings.set(token, open);
    }
    open.then(
      (email) => current && setOpening({ state: 'trusted', email }),
      (failure: unknown) => current && setOpening({ state: 'failed', failure }),
    );
    return () => {
      current = false;
    };
  }, [token]);

  if (opening.state === 'opening') {
    return (
      <AuthShell chrome="plain" title={t.openingTitle}>
        <title>{t.documentTitle}</title>
        <p className="page-status__inline" role="status">
          <Spinner /> {t.opening}
        </p>
      </AuthShell>
    );
  }
  if (opening.state === 'failed') {
    return (
      <AuthShell chrome="plain" title={t.failedTitle}>
        <title>{t.documentTitle}</title>
        <Alert tone="error">{localizedError(opening.failure, texts, texts.errors.invalidSignInLink)}</Alert>
        <div className="actions">
          <Link to="/login" className={buttonClassName('primary')}>
            {texts.site.signIn}
          </Link>
        </div>
      </AuthShell>
    );
  }
  return (
    <AuthShell chrome="plain" title={t.trustedTitle}>
      <title>{t.documentTitle}</title>
      <meta name="robots" content="noindex" />
      <Alert tone="success">{t.trusted(opening.email)}</Alert>
      <SignInForm credentials={{ email: opening.email, password: '' }} signUpPath="/signup-simple" />
    </AuthShell>
  );
}
