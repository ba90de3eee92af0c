import { useSearchParams } from '../../../lib/navigation';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useDemoAccount } from '../api/demo-account';
import { useTexts } from '../../../i18n/texts';
import { localizedError } from '../../../lib/api';
import { AuthShell, type AuthChrome } from './auth-shell';
import { SignInForm } from './sign-in-form';

interface SignInPageProps {
  chrome: AuthChrome;
}

/** /login and /login-simple: one form, two frames. Kept out of search engines. */
export function SignInPage({ chrome }: SignInPageProps) {
  const [query] = useSearchParams();
  const sessionExpired = query.get('message') === 'session_expired';
  const t = useTexts().auth;
  return (
    <AuthShell chrome={chrome} title={t.signIn.title} intro={t.signIn.intro}>
      <title>{t.signIn.documentTitle}</title>
      <meta name="robots" content="noindex" />
      {sessionExpired && <Alert tone="info">{t.messages.sessionExpired}</Alert>}
      <SignInForm signUpPath={chrome === 'plain' ? '/signup-simple' : '/signup'} />
    </AuthShell>
  );
}

/** /demo, linked from nowhere: the same form, filled in with a demo account made for this visitor. */
export function DemoSignInPage() {
  const demo = useDemoAccount();
  const texts = useTexts();
  const t = texts.auth;
  return (
    <AuthShell chrome="marketing" title={t.demo.title} intro={t.demo.intro}>
      <title>{t.demo.documentTitle}</title>
      <meta name="robots" content="noindex" />
      {demo.status === 'loading' && (
        <p role="status" className="page-status__message">
          <Spinner /> {t.messages.demoPreparing}
        </p>
      )}
      {demo.status === 'failed' && (
        <>
          <Alert tone="error">{localizedError(demo.failure, texts, t.messages.demoFailed)}</Alert>
          <Button onClick={demo.retry}>{t.demo.tryAgain}</Button>
        </>
      )}
      {demo.status === 'ready' && <SignInForm credentials={{ email: demo.account.email, password: demo.account.password }} signUpPath="/signup" />}
    </AuthShell>
  );
}
