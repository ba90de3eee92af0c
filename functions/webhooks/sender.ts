import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_LIMITS } from '../../shared/webhooks';
import { destinationOf, type ResolvedAddress } from './addresses';

/** How one try went: taken (a 2xx), or why not, with the receiver's status when it answered. */
export type TryOutcome = { ok: true; statusCode: number } | { ok: false; statusCode: number | null; error: string };

export interface SignedMessage {
  /** `webhook-id`: the same on every try of one delivery, so a receiver can drop a repeat. */
  id: string;
  /** The signing secret, `whsec_…`. */
  secret: string;
  /** The JSON body, sent as it was signed. */
  body: string;
  /** `webhook-timestamp`: when this try is made. */
  at: Date;
}

/** What a refused address says in the delivery log. */
const REFUSED = {
  'not-https': 'Webhooks go only to https addresses',
  'not-public': 'The address does not lead to a public server',
  'not-found': 'The address’s host name was not found',
} as const;

/**
 * One try of a delivery: signed after Standard Webhooks with the `standardwebhooks` package, posted
 * to the address only after destinationOf found it public, with the connection pinned to the address
 * checked (the `lookup` below answers only that one: no second DNS answer can move it). A redirect
 * is not followed (a 3xx is a failure); the answer's body is never read; and the whole try, the
 * name's lookup and the connection included, ends at `timeoutMs`, so a slow receiver holds nothing
 * longer. Never throws: every failure is an outcome for the log.
 */
export function sendSigned(url: string, message: SignedMessage, timeoutMs: number = WEBHOOK_LIMITS.timeoutMs): Promise<TryOutcome> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<TryOutcome>((resolve) => {
    // A real timer: it bounds a real network's wait.
    timer = setTimeout(() => {
      controller.abort();
      resolve({ ok: false, statusCode: null, error: `No answer within ${timeoutMs / 1000} s` });
    }, timeoutMs);
  });
  const attempt = post(new URL(url), message, controller.signal).catch((error: unknown) => failure(error));
  return Promise.race([attempt, timedOut]).finally(() => clearTimeout(timer));
}

/** The headers Standard Webhooks names, over `<id>.<timestamp>.<body>`. */
export function signatureHeaders({ id, secret, body, at }: SignedMessage): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, at, body),
  };
}

async function post(url: URL, message: SignedMessage, signal: AbortSignal): Promise<TryOutcome> {
  const destination = await destinationOf(url);
  if ('refused' in destination) return { ok: false, statusCode: null, error: REFUSED[destination.refused] };
  if (signal.aborted) return failure(signal.reason);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<TryOutcome>((resolve) => {
    const request = send(
      url,
      {
        method: 'POST',
        signal,
        // A connection of its own, to the address checked: never a pooled one made to another.
        agent: false,
        ...('pinned' in destination ? { lookup: pinnedLookup(destination.pinned) } : {}),
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(message.body)),
          'user-agent': 'Tempo-Webhooks/1.0',
          ...signatureHeaders(message),
        },
      },
      (response) => {
        resolve(outcomeOf(response));
        // Only the status counts: the body is not read at all, however long it is.
        response.destroy();
      },
    );
    request.on('error', (error) => resolve(failure(error)));
    request.end(message.body);
  });
}

/**
 * A lookup that answers the checked address whatever it is asked: the TLS handshake still checks
 * the certificate against the host's name. Node asks for a list when it tries families in turn
 * (`autoSelectFamily`), else for one address.
 */
function pinnedLookup({ address, family }: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) (callback as (error: null, addresses: ResolvedAddress[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

function outcomeOf(response: IncomingMessage): TryOutcome {
  const statusCode = response.statusCode ?? 0;
  if (statusCode >= 200 && statusCode < 300) return { ok: true, statusCode };
  if (statusCode >= 300 && statusCode < 400) return { ok: false, statusCode, error: 'The receiver answered with a redirect; redirects are not followed' };
  return { ok: false, statusCode, error: `The receiver answered ${statusCode}` };
}

function failure(error: unknown): TryOutcome {
  const code = (error as { code?: string } | undefined)?.code;
  const reason = code === 'ECONNREFUSED' ? 'The connection was refused' : code ? `The connection failed (${code})` : 'The connection failed';
  return { ok: false, statusCode: null, error: reason };
}
