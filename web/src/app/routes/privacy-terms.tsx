export { PrivacyTermsPage as Component } from '../../features/landing/components/privacy-terms-page';
