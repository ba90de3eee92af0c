import { createHash } from 'node:crypto';

/**
 * The id of the local event that mirrors a Google event: a UUID (version 8, RFC 9562) derived from
 * the user and the Google id, so two syncs racing on one Google event write the same item and a
 * conditional insert lets only one create it.
 */
export function syncedEventId(userId: string, googleId: string): string {
  const bytes = createHash('sha256').update(`gcal:${userId}:${googleId}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The Google id a local event is mirrored under: its UUID without dashes, which is valid base32hex
 * as Google requires of client-chosen ids. Derived, never stored: an insert that is repeated finds
 * the event already there (409) instead of making a second one.
 */
export const mirroredGoogleId = (eventId: string) => eventId.replaceAll('-', '');
