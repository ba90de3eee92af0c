export { LandingPage as Component } from '../../features/landing/components/landing-page';
