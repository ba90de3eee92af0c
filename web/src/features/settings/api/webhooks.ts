import useSWR from 'swr';
import type { CreatedWebhook, WebhookCreate, WebhookDelivery, WebhookEntry, WebhookUpdate } from '../../../../../shared/webhooks.schema';
import { apiRequest } from '../../../lib/api';

const WEBHOOKS_KEY = '/api/webhooks';
const webhookPath = (id: string) => `${WEBHOOKS_KEY}/${encodeURIComponent(id)}`;
const deliveriesPath = (id: string) => `${webhookPath(id)}/deliveries`;

/** The webhooks, oldest first: never their secrets. */
export function useWebhooks() {
  return useSWR(WEBHOOKS_KEY, async () => (await apiRequest<{ items: WebhookEntry[] }>(WEBHOOKS_KEY, { signedIn: true })).items, {
    revalidateOnFocus: false,
  });
}

/** Adds a webhook: the answer is the only time its signing secret is shown. */
export const createWebhook = (webhook: WebhookCreate) => apiRequest<CreatedWebhook>(WEBHOOKS_KEY, { method: 'POST', body: webhook, signedIn: true });

/** Another address or other events, or switched off or on again. */
export const updateWebhook = (id: string, update: WebhookUpdate) =>
  apiRequest<WebhookEntry>(webhookPath(id), { method: 'PATCH', body: update, signedIn: true });

export const removeWebhook = (id: string) => apiRequest<void>(webhookPath(id), { method: 'DELETE', signedIn: true });

/**
 * A webhook's delivery log, newest first, read while it is open (`open`), again every
 * `refreshMs` while one waits for a try, so Retrying turns into Delivered or Failed on its own.
 */
export function useWebhookDeliveries(id: string, open: boolean, refreshMs: number) {
  return useSWR(open ? deliveriesPath(id) : null, async (path: string) => (await apiRequest<{ items: WebhookDelivery[] }>(path, { signedIn: true })).items, {
    revalidateOnFocus: false,
    refreshInterval: (deliveries) => (deliveries?.some((delivery) => delivery.status === 'pending') ? refreshMs : 0),
  });
}

/** Sends a failed delivery again now, as a new try of the same message. */
export const retryDelivery = (webhookId: string, deliveryId: string) =>
  apiRequest<WebhookDelivery>(`${deliveriesPath(webhookId)}/${encodeURIComponent(deliveryId)}/retry`, { method: 'POST', signedIn: true });
