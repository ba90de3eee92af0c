import { WEBHOOK_MESSAGES } from '../../shared/webhooks';
import { refuseForDemo } from '../demo/allowance';
import { conflict, invalidField, notFound } from '../platform/errors';
import { created, httpHandler, noContent, ok } from '../platform/http';
import { destinationOf } from './addresses';
import { attemptDelivery } from './attempt';
import { claimFailed, deliveriesOf, deliveryOf, getDelivery } from './deliveries.repository';
import { addWebhook, entryOf, getWebhook, removeWebhook, updateWebhook, webhooksOf } from './webhooks.repository';

/**
 * An address a webhook may be saved with: https, and public as it resolves now (functions/webhooks/
 * addresses.ts); each try checks it again, since what a name resolves to can change.
 */
async function checkAddress(url: string): Promise<void> {
  const destination = await destinationOf(new URL(url));
  if (!('refused' in destination)) return;
  throw invalidField('url', destination.refused === 'not-https' ? WEBHOOK_MESSAGES.url : WEBHOOK_MESSAGES.notPublic);
}

async function webhookIn(userId: string, params: Record<string, string>) {
  const webhook = await getWebhook(userId, params.id ?? '');
  if (!webhook) throw notFound();
  return webhook;
}

/** Settings → Webhooks: the person's webhooks, their delivery logs, and a failed delivery sent again. */
export const handler = httpHandler('webhooks', {
  'GET /api/webhooks': async ({ userId }) => ok({ items: (await webhooksOf(userId)).map(entryOf) }),
  'POST /api/webhooks': async ({ userId, body, now }) => {
    await refuseForDemo(userId, WEBHOOK_MESSAGES.demo);
    await checkAddress(body.url);
    const added = await addWebhook(userId, body, now);
    if (!added) throw conflict(WEBHOOK_MESSAGES.tooMany);
    return created({ secret: added.secret, webhook: entryOf(added.webhook) });
  },
  'PATCH /api/webhooks/{id}': async ({ userId, params, body }) => {
    if (body.url !== undefined) await checkAddress(body.url);
    const webhook = await updateWebhook(userId, params.id ?? '', body);
    if (!webhook) throw notFound();
    return ok(entryOf(webhook));
  },
  'DELETE /api/webhooks/{id}': async ({ userId, params }) => {
    if (!(await removeWebhook(userId, params.id ?? ''))) throw notFound();
    return noContent();
  },
  'GET /api/webhooks/{id}/deliveries': async ({ userId, params }) => {
    const webhook = await webhookIn(userId, params);
    return ok({ items: await deliveriesOf(userId, webhook.id) });
  },
  /** One try now, bounded as every try is; its outcome is the answer. */
  'POST /api/webhooks/{id}/deliveries/{deliveryId}/retry': async ({ userId, params, now }) => {
    const webhook = await webhookIn(userId, params);
    const delivery = await getDelivery(userId, webhook.id, params.deliveryId ?? '');
    if (!delivery) throw notFound();
    const claimed = delivery.status === 'failed' ? await claimFailed(userId, delivery, now) : null;
    if (!claimed) throw conflict(WEBHOOK_MESSAGES.deliveryNotFailed);
    const { recorded } = await attemptDelivery(userId, webhook, claimed);
    return { status: 202, body: deliveryOf(recorded ?? claimed) };
  },
});
