import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sendSigned } from '../../functions/webhooks/sender';
import { startWebhookReceiverDouble, type WebhookReceiverDouble } from '../../local/webhook-receiver-double';
import { WEBHOOK_SECRET_PREFIX } from '../../shared/webhooks';

/** The local receiver double's control API, as the browser tests drive it over HTTP. */
describe('the webhook receiver double', () => {
  let double: WebhookReceiverDouble;
  const secret = `${WEBHOOK_SECRET_PREFIX}${Buffer.alloc(24, 3).toString('base64')}`;
  beforeAll(async () => {
    double = await startWebhookReceiverDouble();
    vi.stubEnv('WEBHOOK_ALLOWED_ORIGINS', double.origin);
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await double.close();
  });

  const control = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${double.origin}${path}`, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    return { status: response.status, body: await response.json() };
  };
  const message = (id: string) => ({
    id,
    secret,
    body: JSON.stringify({ type: 'item.created', timestamp: '2026-12-07T09:00:00.000Z', data: {} }),
    at: new Date(),
  });

  it('verifies each delivery with the secret it was given, and answers as told', async () => {
    const made = await control('POST', '/endpoints');
    expect(made.status).toBe(201);
    const { id, url } = made.body as { id: string; url: string };
    expect(url).toBe(`${double.origin}/hooks/${id}`);

    expect(await sendSigned(url, message('msg_before'))).toMatchObject({ ok: false, statusCode: 401 });
    expect((await control('PUT', `/endpoints/${id}`, { secret, fail: 1, failStatus: 503 })).body).toMatchObject({ secret, fail: 1, failStatus: 503 });
    expect(await sendSigned(url, message('msg_failed'))).toMatchObject({ ok: false, statusCode: 503 });
    expect(await sendSigned(url, message('msg_taken'))).toEqual({ ok: true, statusCode: 204 });
    expect(await sendSigned(url, { ...message('msg_forged'), secret: `${WEBHOOK_SECRET_PREFIX}${Buffer.alloc(24, 4).toString('base64')}` })).toMatchObject({
      statusCode: 401,
    });

    const received = (await control('GET', `/endpoints/${id}/received`)).body as Array<{
      webhookId: string;
      verified: boolean;
      answered: number;
      error: string | null;
    }>;
    expect(received.map(({ webhookId, verified, answered }) => [webhookId, verified, answered])).toEqual([
      ['msg_before', false, 401],
      ['msg_failed', true, 503],
      ['msg_taken', true, 204],
      ['msg_forged', false, 401],
    ]);
    expect(received[3]!.error).toBe('No matching signature found');
    expect((await control('DELETE', `/endpoints/${id}/received`)).body).toBe(4);
    expect((await control('GET', `/endpoints/${id}/received`)).body).toEqual([]);
    expect((await control('GET', '/endpoints/unknown/received')).status).toBe(404);
  });
});
