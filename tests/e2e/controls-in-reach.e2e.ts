import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { DEMO } from '../../shared/demo';
import { markConnectPromptShown } from './support/google';

/**
 * Every signed-in page, as a new user sees it on a phone and on a laptop: each visible button, link
 * and field, scrolled into view, is what a tap at its centre reaches (nothing floating over it: the
 * voice button and its task count, the sticky bars), and no page scrolls sideways. A demo account
 * (/demo), so every list has items and the frame shows what a demo account shows.
 */

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1280, height: 800 },
] as const;

/** What each page shows once its list has arrived, from the demo's sample items (functions/demo/seed.ts). */
const LOADED: Record<string, (page: Page) => Promise<void>> = {
  '/dashboard': (page) => expect(page.getByText('Draft the report outline').first()).toBeVisible(),
  '/goals': (page) => expect(page.getByText('Learn conversational Spanish').first()).toBeVisible(),
  '/tasks': (page) => expect(page.getByText('Draft the report outline').first()).toBeVisible(),
  // The range heading comes with the events, in one render. Not an event's title: on a phone the week
  // shows Monday to Friday, which on a weekend holds none of the demo's events.
  '/calendar': (page) => expect(page.getByRole('main').getByRole('heading', { level: 2 })).toBeVisible(),
  '/trash': (page) => expect(page.getByText('Call the plumber', { exact: true })).toBeVisible(),
  '/settings': (page) => expect(page.locator('input[autocomplete="name"], input[type="text"]').first()).not.toHaveValue(''),
};

/** The router's signed-in pages (web/src/app/route-table.tsx): a page added there is walked here too, once its loaded state is named above. */
const SIGNED_IN_PAGES = [...readFileSync('web/src/app/route-table.tsx', 'utf8').matchAll(/\['(\/[\w-]*)', signedIn\(/g)].map((match) => match[1]!);

/** A control a tap at its centre does not reach, and what it reaches instead (or why it cannot be seen). */
interface Covered {
  control: string;
  reached: string;
}

/**
 * Each visible control, as a person finds it: first where the page shows it (a control outside its
 * line, reached only by scrolling that line sideways, is hidden; a placeholder must fit its field),
 * then scrolled into view as the browser does for the keyboard (its scroll padding kept clear),
 * asking what is at its centre. One task of the page: no timer or frame runs between the scrolls and the looks.
 */
function coveredControls(): Covered[] {
  const describe = (element: Element | null): string => {
    if (!element) return 'nothing';
    const name =
      element.getAttribute('aria-label') ?? element.getAttribute('placeholder') ?? element.textContent?.trim().replace(/\s+/g, ' ').slice(0, 40) ?? '';
    const classes = typeof element.className === 'string' && element.className ? `.${element.className.trim().split(/\s+/).join('.')}` : '';
    return `${element.tagName.toLowerCase()}${classes} "${name}"`;
  };
  const controls = [
    ...document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="tab"], [role="checkbox"], [role="switch"], [role="option"], [role="menuitem"]',
    ),
  ].filter((control) => {
    // Shown only on focus (the skip link), or visually hidden behind a control drawn in its place.
    const box = control.getBoundingClientRect();
    return control.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && box.width > 1 && box.height > 1 && !control.matches('.skip-link');
  });
  const covered: Covered[] = [];
  const ruler = document.createElement('canvas').getContext('2d')!;
  for (const control of controls) {
    const box = control.getBoundingClientRect();
    // The page's own sideways scroll is measured apart.
    for (let line = control.parentElement; line && line !== document.body; line = line.parentElement) {
      if (line.scrollWidth <= line.clientWidth) continue;
      const shown = line.getBoundingClientRect();
      if (box.left < shown.left - 1 || box.right > shown.right + 1) {
        covered.push({ control: describe(control), reached: `outside its line ${describe(line)}` });
        break;
      }
    }
    if (control instanceof HTMLInputElement && control.placeholder && !control.value) {
      const style = getComputedStyle(control);
      ruler.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = control.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const needs = ruler.measureText(control.placeholder).width;
      if (needs > room) covered.push({ control: describe(control), reached: `its placeholder is cut (${Math.ceil(needs)} px in ${Math.floor(room)})` });
    }
  }
  for (const control of controls) {
    control.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
    const { left, top, width, height } = control.getBoundingClientRect();
    const reached = document.elementFromPoint(left + width / 2, top + height / 2);
    const labels = 'labels' in control ? [...((control as HTMLInputElement).labels ?? [])] : [];
    if (reached && (control.contains(reached) || labels.some((label) => label.contains(reached)))) continue;
    // An empty hour of the calendar is the grid's background: the event drawn over it is what a tap there opens.
    if (control.matches('.time-grid__slot') && reached?.closest('.cal-event')) continue;
    covered.push({ control: describe(control), reached: describe(reached) });
  }
  return covered;
}

async function signInToOwnDemo(page: Page) {
  await page.goto('/demo');
  await expect(page.locator('input[type="email"]')).toHaveValue(new RegExp(`@${DEMO.emailDomain.replaceAll('.', '\\.')}$`));
  await expect(page.locator('input[type="password"]')).not.toHaveValue('');
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL('/dashboard');
}

test('a demo account’s frame says it is one and when it ends, in place of its generated address', async ({ page }) => {
  const made = page.waitForResponse((response) => response.url().endsWith('/api/demo') && response.ok());
  await signInToOwnDemo(page);
  const { email, expires_at: endsAt } = (await (await made).json()) as { email: string; expires_at: string };
  // A day after it was made: tomorrow, in the account's zone (UTC, as the browser's).
  const when = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', hour: 'numeric', minute: '2-digit' })
    .format(new Date(endsAt))
    .replace(',', '');
  const line = `Demo account · ends ${when}`;
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await expect(sidebar.getByText(line, { exact: true })).toBeVisible();
  await expect(page.getByText(email)).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('banner').getByText(line, { exact: true })).toBeVisible();
  await expect(page.getByText(email)).toHaveCount(0);
});

test('the router names the pages this test walks', () => {
  expect(SIGNED_IN_PAGES.length).toBeGreaterThan(0);
  expect(Object.keys(LOADED).toSorted()).toEqual(SIGNED_IN_PAGES.toSorted());
});

/** The demo's language is the page's: English and German (the longest texts) at both sizes, Spanish and French on the phone, where they are tight. */
const WALKS = [
  { locale: 'en-US', sizes: SIZES },
  { locale: 'de-DE', sizes: SIZES },
  { locale: 'es-ES', sizes: [SIZES[0]] },
  { locale: 'fr-FR', sizes: [SIZES[0]] },
] as const;

for (const { locale, sizes } of WALKS) {
  test.describe(`in ${locale}`, () => {
    test.use({ locale });

    for (const size of sizes) {
      test(`on a ${size.name} (${size.width}×${size.height}) nothing covers a control and nothing scrolls sideways`, async ({ page }) => {
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await page.setViewportSize({ width: size.width, height: size.height });
        await markConnectPromptShown(page);
        await signInToOwnDemo(page);

        const found: Record<string, { covered: Covered[]; sideways: number }> = {};
        for (const path of SIGNED_IN_PAGES) {
          await page.goto(path);
          await LOADED[path]!(page);
          // The voice button's task count, beside it everywhere but on the dashboard, is measured too.
          if (path !== '/dashboard') await expect(page.locator('.voice-fab__progress')).toBeVisible();
          await page.evaluate(() => document.fonts.ready);
          const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          const covered = await page.evaluate(coveredControls);
          if (covered.length > 0 || sideways > 0) found[path] = { covered, sideways: Math.max(sideways, 0) };
        }
        expect(found).toEqual({});
      });
    }
  });
}
