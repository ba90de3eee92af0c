import { useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useDemoAccount } from '../api/demo-account';
import { AUTH_MESSAGES } from '../lib/auth-messages';
import { AuthShell, type AuthChrome } from './auth-shell';
import { SignInForm } from './sign-in-form';

interface SignInPageProps {
  chrome: AuthChrome;
}

/** /login and /login-simple: one form, two frames. Kept out of search engines. */
export function SignInPage({ chrome }: SignInPageProps) {
  const [query] = useSearchParams();
  const sessionExpired = query.get('message') === 'session_expired';
  return (
    <AuthShell chrome={chrome} title="Welcome back" intro="Sign in to your Tempo account.">
      <title>Sign In · Tempo</title>
      <meta name="robots" content="noindex" />
      {sessionExpired && <Alert tone="info">{AUTH_MESSAGES.sessionExpired}</Alert>}
      <SignInForm signUpPath={chrome === 'plain' ? '/signup-simple' : '/signup'} />
    </AuthShell>
  );
}

/** /demo, linked from nowhere: the same form, filled in with a demo account made for this visitor. */
export function DemoSignInPage() {
  const demo = useDemoAccount();
  return (
    <AuthShell chrome="marketing" title="Try the demo" intro="A demo account of your own is filled in: just sign in and look around. It is deleted after a day.">
      <title>Demo · Tempo</title>
      <meta name="robots" content="noindex" />
      {demo.status === 'loading' && (
        <p role="status" className="page-status__message">
          <Spinner /> {AUTH_MESSAGES.demoPreparing}
        </p>
      )}
      {demo.status === 'failed' && (
        <>
          <Alert tone="error">{demo.message}</Alert>
          <Button onClick={demo.retry}>Try again</Button>
        </>
      )}
      {demo.status === 'ready' && <SignInForm credentials={{ email: demo.account.email, password: demo.account.password }} signUpPath="/signup" />}
    </AuthShell>
  );
}
