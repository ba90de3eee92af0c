import { SignInPage } from '../../features/auth/components/sign-in-page';

/** Hidden (linked from nowhere): the sign-in form with the demo account filled in. */
export function Component() {
  return <SignInPage chrome="marketing" demo />;
}
