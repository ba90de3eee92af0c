export { WaitlistPage as Component } from '../../features/landing/components/waitlist-page';
