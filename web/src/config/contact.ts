/** Where visitors write for help and for deletion requests. */
export const SUPPORT_EMAIL = 'support@tempo.app';
