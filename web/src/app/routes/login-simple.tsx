import { SignInPage } from '../../features/auth/components/sign-in-page';

/** The sign-in form without the product panel. */
export function Component() {
  return <SignInPage chrome="plain" />;
}
