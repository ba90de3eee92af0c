import { DEMO } from '../../shared/demo';
import { MESSAGES } from '../../shared/messages';
import { HttpError } from '../platform/errors';
import { isDemoAccount, takeVoiceConversation } from './register.repository';

/**
 * What one demo account may use of what the operator pays for (shared/demo.ts): a few voice
 * conversations, and no Google calendar. Any other account passes with one key read.
 */

const demoLimit = (message: string) => new HttpError(403, 'demo_limit', message);

/** Counts a voice conversation the caller is about to start, or refuses a demo that has used its own. */
export async function takeDemoVoiceConversation(userId: string): Promise<void> {
  if ((await isDemoAccount(userId)) && !(await takeVoiceConversation(userId, DEMO.voiceConversations))) throw demoLimit(MESSAGES.demoVoiceUsedUp);
}

/** Refuses to connect Google for a demo: Google would hold a grant, and a calendar's events, for a throwaway account. */
export async function refuseGoogleForDemo(userId: string): Promise<void> {
  if (await isDemoAccount(userId)) throw demoLimit(MESSAGES.demoNoGoogle);
}

/** Refuses what a demo account may not have at all (webhooks, access tokens), saying why in `message`. */
export async function refuseForDemo(userId: string, message: string): Promise<void> {
  if (await isDemoAccount(userId)) throw demoLimit(message);
}
