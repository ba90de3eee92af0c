import type { Page } from '@playwright/test';

/**
 * Records what the page's content security policy refused (Chromium says so on the console), so a
 * test can prove the app works under the policy AWS serves without being quietly cut off.
 */
export function recordCspViolations(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) refused.push(message.text());
  });
  return refused;
}
