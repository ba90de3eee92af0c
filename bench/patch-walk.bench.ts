import { POLLING_MS } from '../shared/constants';
import { signInToDemo, startBrowserStack } from './browser-stack';

/**
 * The requests the browser makes for one change of a task's status on the Tasks page, from the
 * click until three polls of the change watcher have passed: the write itself, and any list read
 * it causes (a read after the write, or one when the poll sees the change counter move).
 */
const { stack, browser, stop } = await startBrowserStack();
try {
  const page = await (await browser.newContext()).newPage();
  await signInToDemo(page, stack.url);
  await page.goto(`${stack.url}/tasks`);
  const checkbox = page.getByRole('checkbox', { name: /^Completed: / }).first();
  await checkbox.waitFor();
  // Past the first poll, which only takes the counters' baseline.
  await page.waitForTimeout(POLLING_MS.data + 500);

  const requests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) requests.push(`${request.method()} ${url.pathname}`);
  });
  await checkbox.click();
  await page.waitForTimeout(3 * POLLING_MS.data + 500);

  const walk = requests.filter((request) => request !== 'GET /api/changes');
  console.log('\nOne task status change on /tasks, then three polls');
  console.log(`  requests besides the polls: ${walk.length}`);
  for (const request of walk) console.log(`    ${request}`);
  console.log(`  polls (GET /api/changes): ${requests.length - walk.length}`);
} finally {
  await stop();
}
