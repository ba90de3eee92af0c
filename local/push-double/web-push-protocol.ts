import { createDecipheriv, createHmac, createPublicKey, diffieHellman, verify, type KeyObject } from 'node:crypto';

/**
 * What a push service (FCM, Mozilla autopush, Apple's) checks of a message an application server
 * sends it, and how the browser opens it: VAPID (RFC 8292) and the `aes128gcm` message encryption
 * (RFC 8291 over RFC 8188). Pure functions; the double's server (./push-double.ts) answers with them.
 */

/** A push service takes at most 4096 bytes of body (RFC 8291 §4: a user agent must accept 4096; services refuse more, 413). */
export const MAX_PUSH_BODY_BYTES = 4096;
/** RFC 8292 §2: a JWT's `exp` at most 24 hours ahead. */
export const MAX_VAPID_LIFETIME_SECONDS = 24 * 60 * 60;

const base64url = (bytes: Buffer) => bytes.toString('base64url');

/** A P-256 public key from its uncompressed point (65 bytes, 0x04 || x || y). */
export function p256PublicKey(point: Buffer): KeyObject {
  if (point.length !== 65 || point[0] !== 0x04) throw new Error('not an uncompressed P-256 point');
  return createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: base64url(point.subarray(1, 33)), y: base64url(point.subarray(33)) }, format: 'jwk' });
}

export type VapidVerdict = { ok: true; subject: string } | { ok: false; reason: string };

/**
 * Checks an `Authorization: vapid t=<JWT>, k=<public key>` header as a push service does: an ES256
 * JWT signed by the key, `aud` the push endpoint's origin, `exp` in the future and at most 24 hours
 * ahead, `sub` a `mailto:` or `https:` URI. `now` in seconds since the epoch.
 */
export function checkVapid(authorization: string | undefined, endpointOrigin: string, now: number): VapidVerdict {
  const match = /^vapid\s+(.+)$/i.exec(authorization ?? '');
  if (!match) return { ok: false, reason: 'no vapid authorization' };
  const parts = new Map(
    match[1]!.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const token = parts.get('t');
  const key = parts.get('k');
  if (!token || !key) return { ok: false, reason: 'vapid needs t and k' };
  const [header, claims, signature] = token.split('.');
  if (!header || !claims || !signature) return { ok: false, reason: 'not a JWT' };
  let publicKey: KeyObject;
  try {
    publicKey = p256PublicKey(Buffer.from(key, 'base64url'));
  } catch {
    return { ok: false, reason: 'k is not a P-256 public key' };
  }
  const signed = verify('sha256', Buffer.from(`${header}.${claims}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!signed) return { ok: false, reason: 'bad signature' };
  const { alg } = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: string };
  if (alg !== 'ES256') return { ok: false, reason: 'alg must be ES256' };
  const { aud, exp, sub } = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud?: unknown; exp?: unknown; sub?: unknown };
  if (aud !== endpointOrigin) return { ok: false, reason: `aud must be ${endpointOrigin}` };
  if (typeof exp !== 'number' || exp <= now) return { ok: false, reason: 'expired' };
  if (exp > now + MAX_VAPID_LIFETIME_SECONDS) return { ok: false, reason: 'exp more than 24 hours ahead' };
  if (typeof sub !== 'string' || !/^(mailto:|https:)/.test(sub)) return { ok: false, reason: 'sub must be a mailto: or https: URI' };
  return { ok: true, subject: sub };
}

/** A subscription's keys as the browser holds them: its private key, its public point (p256dh) and the auth secret. */
export interface SubscriptionKeys {
  privateKey: KeyObject;
  publicPoint: Buffer;
  auth: Buffer;
}

const hmac = (key: Buffer, ...data: Buffer[]) => createHmac('sha256', key).update(Buffer.concat(data)).digest();

/**
 * Opens an `aes128gcm` push message body (RFC 8291 §3.4, RFC 8188 §2) with the subscription's keys,
 * as the browser does; throws when it does not open. The header is salt (16), record size (4),
 * key id length (1) and key id: the application server's ephemeral public point.
 */
export function decryptPushMessage(body: Buffer, keys: SubscriptionKeys): Buffer {
  if (body.length < 21) throw new Error('shorter than an aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body[20]!;
  const senderPoint = body.subarray(21, 21 + keyIdLength);
  const records = body.subarray(21 + keyIdLength);
  if (keyIdLength !== 65) throw new Error('the key id must be the sender’s public point');
  if (records.length > recordSize) throw new Error('a push message is one record');
  const secret = diffieHellman({ privateKey: keys.privateKey, publicKey: p256PublicKey(senderPoint) });
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.publicPoint, senderPoint]);
  const ikm = hmac(hmac(keys.auth, secret), keyInfo, Buffer.from([1]));
  const prk = hmac(salt, ikm);
  const contentKey = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0'), Buffer.from([1])).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0'), Buffer.from([1])).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}
