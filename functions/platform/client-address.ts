import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/**
 * The address of the person's browser, the key of every per-client limit. Behind CloudFront the
 * API sees CloudFront's own address as the source, so the viewer's comes from the
 * `CloudFront-Viewer-Address` header ("ip:port", IPv6 in full), which CloudFront sets itself; a
 * client cannot forge it, since a request that goes around CloudFront is refused (./origin.ts).
 * Without CloudFront (the local stack) it is the connection's source address.
 */
export function clientAddress(event: Pick<APIGatewayProxyEventV2, 'headers' | 'requestContext'>): string {
  const viewer = event.headers?.['cloudfront-viewer-address'];
  if (viewer) {
    const colon = viewer.lastIndexOf(':');
    return colon > 0 ? viewer.slice(0, colon) : viewer;
  }
  return event.requestContext.http.sourceIp;
}
