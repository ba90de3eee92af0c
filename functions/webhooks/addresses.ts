import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { WEBHOOK_LIMITS } from '../../shared/webhooks';

/**
 * Where a webhook may be sent (server-side request forgery): https only, to a host whose every
 * address is public unicast. A name is resolved, and each address it resolves to checked (one
 * private address among public ones is enough to refuse it: a later lookup could answer that one);
 * the connection is then made to the address checked, never to a second lookup's answer
 * (sender.ts). Checked when a webhook is saved and again at each try. WEBHOOK_ALLOWED_ORIGINS
 * (comma-separated origins, set only by the local stack and tests) admits the local receiver
 * double's http://127.0.0.1:<port> as it is.
 */

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has (the system's resolver, as a connection would). */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));

let resolver = systemResolver;

/** Replaces the resolver until the returned function puts the system's back (tests: a name that resolves to a private address). */
export function setResolver(replacement: Resolver): () => void {
  resolver = replacement;
  return () => {
    resolver = systemResolver;
  };
}

/**
 * True for an address a webhook may reach: ipaddr.js's `unicast` range, so not loopback, private,
 * link-local (the cloud's metadata service), carrier-grade NAT, unique-local, multicast, reserved,
 * documentation, nor a translation prefix that could carry one of those (6to4, Teredo, NAT64).
 * An IPv4-mapped IPv6 address is judged as the IPv4 address it carries; an IPv4-compatible one
 * (`::a.b.c.d`, deprecated) is refused.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const ipv6 = parsed as ipaddr.IPv6;
  if (ipv6.isIPv4MappedAddress()) return ipv6.toIPv4Address().range() === 'unicast';
  if (ipv6.parts.slice(0, 6).every((part) => part === 0)) return false;
  return ipv6.range() === 'unicast';
}

/** An origin the local stack admits as it is (the receiver double's), from WEBHOOK_ALLOWED_ORIGINS. */
export function isAllowedOrigin(url: URL): boolean {
  const allowed = (process.env.WEBHOOK_ALLOWED_ORIGINS ?? '').split(',').filter(Boolean);
  return allowed.includes(url.origin);
}

/**
 * Where a try connects: the checked address to pin the connection to, 'as-given' for an allowed
 * origin, or why not (not https, not public, not found).
 */
export type Destination = { pinned: ResolvedAddress } | { asGiven: true } | { refused: 'not-https' | 'not-public' | 'not-found' };

export async function destinationOf(url: URL): Promise<Destination> {
  if (isAllowedOrigin(url)) return { asGiven: true };
  if (url.protocol !== 'https:') return { refused: 'not-https' };
  // The URL parser wrote any IPv4 form (0x7f.1, 2130706433) as dotted decimal, and an IPv6 one in brackets.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = isIP(host);
  if (literal) return isPublicAddress(host) ? { pinned: { address: host, family: literal === 6 ? 6 : 4 } } : { refused: 'not-public' };
  let addresses: ResolvedAddress[];
  try {
    addresses = await withinTimeout(resolver(host));
  } catch {
    return { refused: 'not-found' };
  }
  const [first] = addresses;
  if (!first) return { refused: 'not-found' };
  return addresses.every(({ address }) => isPublicAddress(address)) ? { pinned: first } : { refused: 'not-public' };
}

/** A resolver that does not answer within a try's time finds nothing: a save waits no longer than a try. */
function withinTimeout<T>(lookup: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  // A real timer: it bounds a real resolver's wait.
  const timeout = new Promise<never>((_resolve, reject) => (timer = setTimeout(() => reject(new Error('lookup timed out')), WEBHOOK_LIMITS.timeoutMs)));
  return Promise.race([lookup, timeout]).finally(() => clearTimeout(timer));
}
