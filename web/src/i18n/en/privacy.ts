import { SIGN_IN_LINK, TRUSTED_DEVICES } from '../../../../shared/constants';
import { DAY_MS } from '../../../../shared/dates';

/** English: the privacy and terms page, a catalogue part of its own: only that page downloads it. */
export default {
  documentTitle: 'Privacy & Terms · Tempo',
  title: 'Privacy & Terms',
  lastUpdated: (day: string) => `Last updated ${day}`,
  sections: [
    {
      heading: 'Beta disclaimer',
      text: 'Tempo is in beta. Features may change, break or disappear, and the service may be unavailable at times. Please keep your own copy of anything you cannot afford to lose.',
    },
    {
      heading: 'How we use your data',
      text: 'We keep your name and email to run your account, and the goals, tasks, events and tags you create to show them back to you. What you say to the voice assistant is processed to carry out your requests. We do not sell your data or use it for advertising.',
    },
    {
      heading: 'Third-party services',
      items: [
        'Amazon Web Services hosts the app, stores your data and sends our emails.',
        'ElevenLabs processes voice conversations with the assistant.',
        'Google Calendar is reached only if you connect it. Tempo then reads your events, and once you allow it to make changes, it writes to your Google calendar: the events you create, change or delete in Tempo are created, changed or deleted there too.',
        'Your browser’s push service (Google’s for Chrome, Mozilla’s for Firefox, Apple’s for Safari) delivers the reminders you choose to get as notifications, encrypted so that only your browser can read them.',
      ],
    },
    {
      heading: 'Reminders',
      items: [
        'Reminders show on screen in every tab where Tempo is open.',
        'If you turn on notifications in a browser, it gives us an address at its push service. We keep that address and the browser’s name to send your reminders there, until you turn notifications off in it or sign out everywhere.',
        'If you turn on reminders by email, we mail them, with the item’s title and time, to the address you signed in with.',
        'If a reminder mail bounces for good or is marked as spam, our mail service tells us. We then keep that address with the reason and the date, mail it no more reminders, and Settings tells you why.',
      ],
    },
    {
      heading: 'Calendar feed',
      items: [
        'If you turn on the calendar feed, Tempo makes a secret address from which calendar apps read your events and your open tasks with a due date, and your Google events if you choose.',
        'Anyone who has the address can read them, so give it only to apps you trust. We keep only a fingerprint of it (a hash), never the address itself.',
        'You can replace it with a new address, which stops the old one at once, or turn the feed off. Signing out everywhere or resetting your password stops it too.',
      ],
    },
    {
      heading: 'Signing in',
      items: [
        `A sign-in link you ask for is mailed to you and works once, within ${SIGN_IN_LINK.expiryMs / 60_000} minutes. Until then we keep a fingerprint of it with your account and address, and we note when we last mailed you one.`,
        `A browser you sign in with, or open a sign-in link in, keeps a token from us in its storage, so that we know it as yours: strangers’ failed attempts never lock it out. We keep a fingerprint of the tokens of your latest ${TRUSTED_DEVICES.perAccount} browsers and when each was issued, for ${TRUSTED_DEVICES.lifetimeMs / DAY_MS} days after the last; signing out everywhere or resetting your password forgets them.`,
        'Each browser also keeps a random id of its own, by which we count its sign-in attempts and its requests for codes and links.',
      ],
    },
    {
      heading: 'Error reporting',
      items: [
        'When something goes wrong, the app reports the error with the page and the browser it happened in, along with performance traces of your requests and your account id, so we can find and fix it.',
        'A session replay, a recording of what happened on the screen, is kept for 10% of sessions and for every session that meets an error. All text and everything you type are masked and images and media are blocked, so a replay shows the layout of the page, never your content.',
        'A bug report you send carries your name, email and comments.',
        'Passwords, sign-in tokens and the content of your goals, tasks and events are never sent.',
        'Reports go to the error-reporting service we use for Tempo (Sentry, or a server of our own that speaks its protocol), where only the Tempo team reads them. They are kept for that service’s retention period: by Sentry’s default, 90 days for errors, bug reports and replays, and 30 days for performance traces.',
        'If error reporting is not set up on the server, nothing is sent.',
      ],
    },
    {
      heading: 'No warranty',
      text: 'The beta is provided “as is”, without warranty of any kind. To the extent the law allows, we are not liable for any loss that comes from using it.',
    },
    {
      heading: 'Security',
      text: 'Your data travels encrypted and is stored encrypted. Only your signed-in account can read it, and our authentication service keeps passwords only as salted hashes. No system is perfectly secure, so please use a password you do not use elsewhere.',
    },
  ],
  deletion: {
    heading: 'Deletion requests',
    before: 'To delete your account and data, write to',
    after: 'from the address you signed up with. We process deletion requests within 30 days.',
  },
  changes: {
    heading: 'Changes to these terms',
    text: 'We may update these terms as the beta evolves. The date at the top shows the latest change; continuing to use Tempo afterwards means you accept the new terms.',
  },
} as const;
