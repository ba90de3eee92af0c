import { isIPv4, isIPv6 } from 'node:net';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/**
 * The key of every per-client limit: the address of the person's browser, an IPv6 address by its
 * /64. Behind CloudFront the API sees CloudFront's own address as the source, so the viewer's
 * comes from the `CloudFront-Viewer-Address` header ("ip:port", IPv6 in full), which CloudFront sets
 * itself; a client cannot forge it, since a request that goes around CloudFront is refused
 * (./origin.ts), and the local stack drops any a client sends (local/api-adapter.ts). Without
 * CloudFront (the local stack) it is the connection's source address.
 */
export function clientAddress(event: Pick<APIGatewayProxyEventV2, 'headers' | 'requestContext'>): string {
  const viewer = event.headers?.['cloudfront-viewer-address'];
  if (viewer) {
    const colon = viewer.lastIndexOf(':');
    return addressKey(colon > 0 ? viewer.slice(0, colon) : viewer);
  }
  return addressKey(event.requestContext.http.sourceIp);
}

/**
 * One key per client. An IPv6 host is routinely given a whole /64 (RFC 7934 recommends it), so
 * any address of it counts as the prefix ("2001:db8:0:1::/64"); an IPv4-mapped IPv6 address
 * (`::ffff:192.0.2.1`, how a dual-stack socket reports IPv4) counts as its IPv4 address. A zone id
 * (`fe80::1%eth0`) names a local interface, not a client, and is left out. Anything else is kept as
 * it came.
 */
export function addressKey(address: string): string {
  const bare = address.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return address;
  const groups = ipv6Groups(bare);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, `::` expanded and a trailing dotted IPv4 part read as two groups. */
function ipv6Groups(address: string): number[] {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const hex = dotted
    ? `${address.slice(0, dotted.index)}${((Number(dotted[1]) << 8) | Number(dotted[2])).toString(16)}:${((Number(dotted[3]) << 8) | Number(dotted[4])).toString(16)}`
    : address;
  const [head = '', tail] = hex.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}
