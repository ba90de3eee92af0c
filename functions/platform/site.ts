/** The web app's origin (APP_ORIGIN), for links in mail and OAuth redirects. */
export function appOrigin(): string {
  return (process.env.APP_ORIGIN ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
}
