import { AuthShell, type AuthChrome } from './auth-shell';
import { SignUpForm } from './sign-up-form';

/** /signup and /signup-simple: one form, two frames. */
export function SignUpPage({ chrome }: { chrome: AuthChrome }) {
  return (
    <AuthShell chrome={chrome} title="Create your account" intro="Start planning with Tempo in a minute.">
      <title>Sign Up · Tempo</title>
      <SignUpForm signInPath={chrome === 'plain' ? '/login-simple' : '/login'} />
    </AuthShell>
  );
}
