import { DemoSignInPage } from '../../features/auth/components/sign-in-page';

/** Hidden (linked from nowhere): the sign-in form with a demo account of the visitor's own filled in. */
export function Component() {
  return <DemoSignInPage />;
}
