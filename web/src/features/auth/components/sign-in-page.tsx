import { useSearchParams } from 'react-router-dom';
import { DEMO_ACCOUNT } from '../../../../../shared/demo';
import { Alert } from '../../../components/ui/alert';
import { AUTH_MESSAGES } from '../lib/auth-messages';
import { AuthShell, type AuthChrome } from './auth-shell';
import { SignInForm } from './sign-in-form';

interface SignInPageProps {
  chrome: AuthChrome;
  /** The hidden demo page: the demo account is filled in. */
  demo?: boolean;
}

/** /login, /login-simple and /demo: one form, three frames. Kept out of search engines. */
export function SignInPage({ chrome, demo = false }: SignInPageProps) {
  const [query] = useSearchParams();
  const sessionExpired = query.get('message') === 'session_expired';
  return (
    <AuthShell
      chrome={chrome}
      title={demo ? 'Try the demo' : 'Welcome back'}
      intro={demo ? 'The demo account is filled in: just sign in and look around.' : 'Sign in to your Tempo account.'}
    >
      <title>{demo ? 'Demo · Tempo' : 'Sign In · Tempo'}</title>
      <meta name="robots" content="noindex" />
      {sessionExpired && <Alert tone="info">{AUTH_MESSAGES.sessionExpired}</Alert>}
      <SignInForm
        credentials={demo ? { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password } : undefined}
        signUpPath={chrome === 'plain' ? '/signup-simple' : '/signup'}
      />
    </AuthShell>
  );
}
