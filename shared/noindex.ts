/**
 * Pages search engines are asked to leave out (the spec marks /login noindex). The page says so in a
 * meta tag, which only a crawler running the SPA sees; CloudFront and the local server also send
 * this header with the page.
 */
export const NOINDEX_PATHS: readonly string[] = ['/login'];

export const NOINDEX_HEADER = { name: 'X-Robots-Tag', value: 'noindex' } as const;
