import { SignUpPage } from '../../features/auth/components/sign-up-page';

/** The sign-up form without the product panel. */
export function Component() {
  return <SignUpPage chrome="plain" />;
}
