import { useTexts } from '../../../i18n/texts';
import { AuthShell, type AuthChrome } from './auth-shell';
import { SignUpForm } from './sign-up-form';

/** /signup and /signup-simple: one form, two frames. */
export function SignUpPage({ chrome }: { chrome: AuthChrome }) {
  const t = useTexts().auth.signUp;
  return (
    <AuthShell chrome={chrome} title={t.title} intro={t.intro}>
      <title>{t.documentTitle}</title>
      <SignUpForm signInPath={chrome === 'plain' ? '/login-simple' : '/login'} />
    </AuthShell>
  );
}
