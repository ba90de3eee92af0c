import { createHash, timingSafeEqual } from 'node:crypto';

/** The header the site's CloudFront distribution adds to every request it sends the API. */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether a request came through the site. In AWS, CloudFront adds ORIGIN_VERIFY_HEADER with a
 * secret only it and the functions know (ORIGIN_VERIFY, infra/stacks/secrets-stack.ts), replacing
 * any a viewer sent; a request to the API's own execute-api address lacks it. Refusing those keeps
 * everyone behind the edge's web ACL and makes the viewer address CloudFront gives trustworthy.
 * Without ORIGIN_VERIFY (the local stack) every request is the site's.
 */
export function cameThroughTheSite(headers: Record<string, string | undefined> | undefined): boolean {
  const secret = process.env.ORIGIN_VERIFY;
  if (!secret) return true;
  // Compared as digests: equal lengths, and in constant time.
  return timingSafeEqual(digest(headers?.[ORIGIN_VERIFY_HEADER] ?? ''), digest(secret));
}
