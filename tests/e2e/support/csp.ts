import type { Page } from '@playwright/test';

/**
 * Records what the page's content security policy refused, so a test can prove the app works under
 * the policy AWS serves without being quietly cut off. Both ways the browser tells: the
 * `securitypolicyviolation` event (also for a refusal the page's code caught, such as a probe for
 * `new Function`) and Chromium's console message.
 */
export async function recordCspViolations(page: Page): Promise<string[]> {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) refused.push(message.text());
  });
  await page.exposeFunction('reportCspViolation', (violation: string) => refused.push(violation));
  await page.addInitScript(() => {
    const report = (window as unknown as { reportCspViolation: (violation: string) => void }).reportCspViolation;
    document.addEventListener('securitypolicyviolation', (event) =>
      report(`${event.effectiveDirective} refused ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`),
    );
  });
  return refused;
}
