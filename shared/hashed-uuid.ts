import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * A UUID (version 8) from a SHA-256 of `seed`: the same seed gives the same id each time, so work
 * that may run twice (a redelivered tool call) names the same record both times, and the page can
 * name that record before the server says it made it.
 */
export function hashedUuid(seed: string): string {
  const hex = bytesToHex(sha256(utf8ToBytes(seed)));
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
