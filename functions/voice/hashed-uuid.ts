import { createHash } from 'node:crypto';

/**
 * A UUID (version 8) from a hash of `seed`: the same seed gives the same id each time, so work that
 * may run twice (a redelivered tool call) names the same record both times.
 */
export function hashedUuid(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
