import { createHash, timingSafeEqual } from 'node:crypto';

/** The header the site's CloudFront distribution adds to every request it sends the API. */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether a request came through the site. In AWS, CloudFront adds ORIGIN_VERIFY_HEADER with a
 * secret only it and the functions know (ORIGIN_VERIFY, infra/stacks/secrets-stack.ts), replacing
 * any a viewer sent; a request to the API's own execute-api address lacks it. Refusing those keeps
 * everyone behind the edge's web ACL and makes the viewer address CloudFront gives trustworthy.
 * Without ORIGIN_VERIFY every request is refused, unless LOCAL_STACK=1 says this is the local stack
 * (local/environment.ts sets it; the CDK never does), where no CloudFront stands in front and every
 * request is the site's: a deployed function that lost its secret fails closed.
 */
export function cameThroughTheSite(headers: Record<string, string | undefined> | undefined): boolean {
  const secret = process.env.ORIGIN_VERIFY;
  if (!secret) return process.env.LOCAL_STACK === '1';
  // Compared as digests: equal lengths, and in constant time.
  return timingSafeEqual(digest(headers?.[ORIGIN_VERIFY_HEADER] ?? ''), digest(secret));
}
