import { expect, test } from '@playwright/test';
import { uniqueEmail } from './support/accounts';

test.describe('landing page', () => {
  test('shows the six features, the three steps, the early-access promise and the footer', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const features = page.getByRole('heading', { level: 3 });
    for (const title of [
      'Natural voice interaction',
      'Smart goal management',
      'Intelligent scheduling',
      'Task automation',
      'Contextual understanding',
      'Secure and private',
      'Speak your goals',
      'The AI creates plans',
      'Stay on track',
    ]) {
      await expect(features.filter({ hasText: title })).toHaveCount(1);
    }
    await expect(page.getByText('Early access within 2.5 months, with exclusive features and discounts.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Be among the first' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('© ');

    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy & Terms' }).click();
    await expect(page).toHaveURL('/privacy-terms');
  });

  test('joins the waiting list from the hero once per address', async ({ page }) => {
    const email = uniqueEmail('hero');
    await page.goto('/');
    const hero = page.getByRole('form').first();
    await hero.getByLabel('Full name').fill('Grace Hopper');
    await hero.getByLabel('Email').fill(`  ${email}  `);
    const joined = page.waitForRequest('**/api/waitlist');
    await hero.getByRole('button', { name: 'Join the Waitlist' }).click();
    // The hero asks no role: interest_area is the waiting-list page's alone.
    expect((await joined).postDataJSON()).toEqual({ email, full_name: 'Grace Hopper' });
    await expect(page.getByRole('heading', { name: "You're on the list!" })).toBeFocused();

    await page.reload();
    const again = page.getByRole('form').last();
    await again.getByLabel('Email').fill(email.toUpperCase());
    await again.getByRole('button', { name: 'Join the Waitlist' }).click();
    await expect(again.getByRole('alert')).toHaveText('This email is already on our waiting list');
  });

  test('refuses an invalid email without calling the API', async ({ page }) => {
    let calls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/waitlist')) calls += 1;
    });
    await page.goto('/');
    const hero = page.getByRole('form').first();
    await hero.getByLabel('Email').fill('not-an-email');
    await hero.getByRole('button', { name: 'Join the Waitlist' }).click();
    await expect(hero.getByText('Please enter a valid email address')).toBeVisible();
    await expect(hero.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toBe(0);
  });

  test('says so when the waiting list cannot be joined', async ({ page }) => {
    // The one failure the real server cannot be made to give on demand.
    await page.route('**/api/waitlist', (route) => route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'boom' } } }));
    await page.goto('/');
    const hero = page.getByRole('form').first();
    await hero.getByLabel('Email').fill(uniqueEmail('failure'));
    await hero.getByRole('button', { name: 'Join the Waitlist' }).click();
    await expect(hero.getByRole('alert')).toHaveText('Failed to join waiting list. Please try again.');
  });
});

test('the waiting-list page sends the role and confirms after a pause', async ({ page }) => {
  const email = uniqueEmail('waitlist');
  // Timed inside the page: when the confirmation first appears, on the clock the network timings use.
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (document.body.textContent?.includes("You're on the list!")) {
        (window as unknown as { confirmedAt: number }).confirmedAt = performance.now();
        observer.disconnect();
      }
    });
    document.addEventListener('DOMContentLoaded', () => observer.observe(document.body, { childList: true, subtree: true, characterData: true }));
  });
  await page.goto('/waitlist');
  await expect(page.getByRole('heading', { level: 1, name: 'Join the waiting list' })).toBeVisible();
  const role = page.getByLabel('Your role');
  await expect(role.locator('option')).toHaveText([
    'Prefer not to say',
    'Professional',
    'Student',
    'Entrepreneur',
    'Manager',
    'Creative',
    'Developer',
    'Other',
  ]);

  await page.getByLabel('Full name').fill('Katherine Johnson');
  await page.getByLabel('Email').fill(email);
  await role.selectOption('developer');
  const answered = page.waitForResponse('**/api/waitlist');
  await page.getByRole('button', { name: 'Join the Waitlist' }).click();
  const response = await answered;
  expect(response.status()).toBe(201);
  expect(response.request().postDataJSON()).toEqual({ email, full_name: 'Katherine Johnson', interest_area: 'developer' });

  const confirmation = page.getByRole('heading', { name: "You're on the list!" });
  await expect(confirmation).toBeVisible();
  const pause = await page.evaluate(() => {
    const answer = performance.getEntriesByType('resource').find((entry) => entry.name.endsWith('/api/waitlist')) as PerformanceResourceTiming;
    return (window as unknown as { confirmedAt: number }).confirmedAt - answer.responseEnd;
  });
  expect(pause).toBeGreaterThanOrEqual(990); // the 1 s pause (timers never fire early; 10 ms for clock rounding)
  await expect(page.getByRole('listitem')).toHaveCount(3);
  await expect(page.getByText('Early members get access within 2.5 months, with exclusive features and discounts.')).toBeVisible();

  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL('/');
});

test('the privacy and terms page says what it keeps and who it goes to, dated by its last change in the reader’s language', async ({ page }) => {
  await page.goto('/privacy-terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy & Terms' })).toBeVisible();
  await expect(page.getByText('Last updated December 6, 2026')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([
    'Beta disclaimer',
    'How we use your data',
    'Third-party services',
    'Reminders',
    'Calendar feed',
    'Signing in',
    'Error reporting',
    'No warranty',
    'Security',
    'Deletion requests',
    'Changes to these terms',
  ]);
  await expect(page.getByText('We process deletion requests within 30 days.')).toBeVisible();
  const section = (heading: string) => page.locator('section').filter({ has: page.getByRole('heading', { name: heading }) });
  await expect(section('Third-party services')).toContainText('once you allow it to make changes, it writes to your Google calendar');
  await expect(section('Third-party services')).not.toContainText('to read your events.');
  await expect(section('Reminders')).toContainText('it gives us an address at its push service');
  await expect(section('Reminders')).toContainText('If a reminder mail bounces for good or is marked as spam');
  await expect(section('Calendar feed')).toContainText('Anyone who has the address can read them');
  await expect(section('Signing in')).toContainText('works once, within 15 minutes');
  await expect(section('Signing in')).toContainText('keeps a token from us in its storage');
  await expect(section('Error reporting').getByRole('listitem')).toHaveCount(6);
  await expect(section('Error reporting')).toContainText('All text and everything you type are masked and images and media are blocked');
  await expect(section('Error reporting')).toContainText('where only the Tempo team reads them');
  await expect(section('Error reporting')).toContainText('90 days for errors, bug reports and replays, and 30 days for performance traces');
  await expect(section('Error reporting')).toContainText('If error reporting is not set up on the server, nothing is sent.');

  await page.getByLabel('Language').selectOption('de');
  await expect(page.getByText('Zuletzt aktualisiert am 6. Dezember 2026')).toBeVisible();
});

test('unknown paths go home', async ({ page }) => {
  await page.goto('/no/such/page?x=1');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a page that fails to load shows the application error page', async ({ page }) => {
  await page.goto('/');
  // The privacy page's code cannot be downloaded, as after a deploy replaced it.
  await page.route('**/assets/privacy-terms-*.js', (route) => route.abort());
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy & Terms' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unexpected Application Error!');
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL('/');
});
