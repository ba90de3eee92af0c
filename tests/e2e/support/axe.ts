import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** Axe's findings of serious or critical impact on the page as it is, as "rule: target" lines. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Mid-animation colours (a toast fading in) are not what a person reads: let finite animations end.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}
