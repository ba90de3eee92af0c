import { ACCOUNT_DELETION_MESSAGES } from '../../../../shared/account-deletion';

/** English: Settings → Delete my account, loaded with that section only (read by few, and every signed-in page downloads the app part). */
export default {
  /** The API's messages this section shows, as the API answers them. */
  messages: {
    confirmationMismatch: ACCOUNT_DELETION_MESSAGES.confirmationMismatch,
    signInAgain: ACCOUNT_DELETION_MESSAGES.signInAgain,
  },
  title: 'Delete my account',
  hint: 'Deleting your account removes everything in it for good: your goals, tasks, events, tags and settings, your Google Calendar connection, access tokens, webhooks and calendar feed. It cannot be undone. To keep a copy of your data, export it first.',
  open: 'Delete my account…',
  dialogTitle: 'Delete your account?',
  dialogIntro: 'Everything in your account will be deleted for good. This cannot be undone.',
  password: 'Your password',
  passwordHint: 'To confirm it is you.',
  passwordRequired: 'Enter your password',
  wrongPassword: 'That password is not right.',
  tooManyTries: 'Too many tries. Wait a moment, then try again.',
  signInFailed: 'Could not check your password. Please try again.',
  googleIntro: 'You sign in with Google. To confirm it is you, sign out, sign in with Google again, and come back here within 5 minutes.',
  confirmation: 'To confirm, type your email address',
  confirmationHint: (email: string) => `Type ${email}`,
  delete: 'Delete my account',
  failed: 'Could not delete your account. Please try again.',
  deleted: 'Your account was deleted',
  deletedDetail: (email: string) => `Everything in it is gone. A confirmation is on its way to ${email}.`,
  needsConnection: 'Deleting your account needs a connection.',
};
