import { randomBytes } from 'node:crypto';

/**
 * A watch channel's id names its person: their id, then 22 random characters. Google's
 * notifications carry only the channel's id, so the webhook finds the person's channel record by
 * key, in the one write that checks the rest (functions/gcal/watch-channel.repository.ts). Ids are
 * up to 64 of Google's characters [A-Za-z0-9-_+/=]: a person's id is a Cognito sub (a UUID).
 */
const RANDOM_LENGTH = 22;
const CHANNEL_ID = /^[A-Za-z0-9\-_+/=]{1,64}$/;

export const newChannelId = (userId: string) => `${userId}_${randomBytes(16).toString('base64url')}`;

/** The person a channel id names, or undefined when it is not one of ours (and so must never become a key). */
export function userIdOfChannel(channelId: string): string | undefined {
  if (!CHANNEL_ID.test(channelId) || channelId.length <= RANDOM_LENGTH + 1) return undefined;
  return channelId.slice(0, -(RANDOM_LENGTH + 1));
}
