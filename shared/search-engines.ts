/**
 * What search engines are told, the same by CloudFront and the local server.
 *
 * Pages they are asked to leave out (/login is noindex): the page says so in a meta
 * tag, which only a crawler running the SPA sees, so the page is also sent with this header. They
 * are not disallowed in robots.txt, since a crawler that may not fetch a page never sees its noindex.
 */
export const NOINDEX_PATHS: readonly string[] = ['/login'];

export const NOINDEX_HEADER = { name: 'X-Robots-Tag', value: 'noindex' } as const;

/** The public pages worth finding, for the sitemap; the signed-in app answers a visitor with the sign-in page. */
export const INDEXED_PATHS: readonly string[] = ['/', '/signup', '/demo', '/waitlist', '/privacy-terms'];

/** /robots.txt for the site at `origin` (https://host, no trailing slash): everything but the API, and where the sitemap is. */
export function robotsTxt(origin: string): string {
  return `User-agent: *\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`;
}

/** /sitemap.xml for the site at `origin`. */
export function sitemapXml(origin: string): string {
  const urls = INDEXED_PATHS.map((path) => `  <url><loc>${origin}${path}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
