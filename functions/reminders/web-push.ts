import { createHash } from 'node:crypto';
import webpush from 'web-push';
import { loadSecrets } from '../platform/secrets';
import type { StoredSubscription } from './subscriptions.repository';

/**
 * Web Push (RFC 8030, with VAPID, RFC 8292, and the aes128gcm body, RFC 8291) through the `web-push`
 * library's request builder, sent with fetch. The VAPID keys are the secret WEB_PUSH_VAPID (JSON:
 * publicKey, privateKey, subject); the browser subscribes with the public one (web config).
 */

/**
 * The push services browsers subscribe at (Chrome and Edge's FCM, Firefox's autopush, Windows',
 * Apple's): a subscription naming any other address is refused, so the product never posts to an
 * address a person chose. PUSH_SERVICE_ORIGINS adds origins (the local push double).
 */
const PUSH_SERVICE_HOSTS = [/^fcm\.googleapis\.com$/, /^updates\.push\.services\.mozilla\.com$/, /(^|\.)notify\.windows\.com$/, /(^|\.)push\.apple\.com$/];

export function isPushService(endpoint: string): boolean {
  const url = new URL(endpoint);
  if (url.protocol === 'https:' && !url.port && PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname))) return true;
  return (process.env.PUSH_SERVICE_ORIGINS ?? '').split(',').includes(url.origin);
}

/** A reminder is worth showing for half an hour after its time; a push service keeps it that long for a browser that is offline. */
const TIME_TO_LIVE_SECONDS = 1800;
const SEND_TIMEOUT_MS = 10_000;

interface Vapid {
  publicKey: string;
  privateKey: string;
  subject: string;
}

async function vapid(): Promise<Vapid> {
  await loadSecrets(['WEB_PUSH_VAPID']);
  const value = process.env.WEB_PUSH_VAPID;
  if (!value) throw new Error('WEB_PUSH_VAPID is not set');
  return JSON.parse(value) as Vapid;
}

/** RFC 8030's Topic: at most 32 base64url characters. A message with the same one replaces one still waiting at the service. */
export const topicOf = (key: string) => createHash('sha256').update(key).digest('base64url').slice(0, 32);

/**
 * Sends one message: 'sent', 'gone' (404 or 410: the browser unsubscribed, and the subscription is
 * to be forgotten) or 'refused' (the service will not take this message: retrying cannot help). A
 * service that is down or over its quota (429, 5xx) throws, so the firing is retried.
 */
export async function sendPush(
  subscription: Pick<StoredSubscription, 'endpoint' | 'keys'>,
  payload: object,
  topic: string,
): Promise<'sent' | 'gone' | 'refused'> {
  if (!isPushService(subscription.endpoint)) return 'refused';
  const details = webpush.generateRequestDetails({ endpoint: subscription.endpoint, keys: subscription.keys }, JSON.stringify(payload), {
    vapidDetails: await vapid(),
    TTL: TIME_TO_LIVE_SECONDS,
    urgency: 'high',
    topic,
  });
  const answer = await fetch(details.endpoint, {
    method: details.method,
    headers: details.headers as Record<string, string>,
    body: details.body && new Uint8Array(details.body),
    redirect: 'error',
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
  if (answer.ok) return 'sent';
  if (answer.status === 404 || answer.status === 410) return 'gone';
  if (answer.status === 429 || answer.status >= 500) throw new Error(`the push service answered ${answer.status}`);
  return 'refused';
}
