import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** Axe's findings of serious or critical impact on the page as it is, as "rule: target" lines. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Mid-animation colours (a toast fading in, or out once its time is up while axe runs) are not
  // what a person reads: the analysis runs with reduced motion, where toasts come and go at once,
  // after the finite animations already running have ended.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    // One axe.run in the page (the app has no frames), instead of a run per frame finished in a new
    // blank page: axe's 0.6 MB source is sent and compiled once, and each analysis takes ~0.3 s less.
    .setLegacyMode(true)
    .analyze()
    .finally(() => page.emulateMedia({ reducedMotion: null }));
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}
