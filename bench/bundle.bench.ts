import { countScriptBytes } from '../tests/e2e/support/script-bytes';
import { startBrowserStack } from './browser-stack';

/**
 * Gzipped JavaScript a person downloads on a first visit: to the landing page (target under 150 KB),
 * and to the dashboard once signed in (a session in storage, an empty cache).
 */
const { stack, browser, stop } = await startBrowserStack();
const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

try {
  const visitor = await browser.newContext();
  const landing = await visitor.newPage();
  const landingBytes = countScriptBytes(landing);
  await landing.goto(`${stack.url}/`, { waitUntil: 'networkidle' });
  await visitor.close();

  const member = await browser.newContext();
  const signingIn = await member.newPage();
  // A demo account of its own, filled in by /demo.
  await signingIn.goto(`${stack.url}/demo`);
  await signingIn.getByLabel('Remember me').check();
  await signingIn.getByRole('button', { name: 'Sign In', exact: true }).click();
  await signingIn.waitForURL('**/dashboard');
  // A new page of the same context: the session is in storage, but the page caches nothing yet.
  const dashboard = await member.newPage();
  const dashboardBytes = countScriptBytes(dashboard);
  await dashboard.goto(`${stack.url}/dashboard`, { waitUntil: 'networkidle' });
  await dashboard.getByRole('heading', { name: /^Welcome back/ }).waitFor();

  console.log('\nFirst-visit JavaScript, gzipped');
  console.log(`  /            ${kilobytes(await landingBytes())}   (target: under 150 KB)`);
  console.log(`  /dashboard   ${kilobytes(await dashboardBytes())}   (signed in)`);
} finally {
  await stop();
}
