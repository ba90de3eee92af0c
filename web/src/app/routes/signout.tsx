export { SignedOutPage as Component } from '../../features/auth/components/signed-out-page';
