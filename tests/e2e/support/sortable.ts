import { expect, type Locator, type Page } from '@playwright/test';

/** More than enough 25 px keyboard steps (DRAG.keyboardStepPx) to pass one card. */
const MAX_STEPS = 40;

/**
 * Moves a card onto another's place with the keyboard, as a keyboard user does: focus its drag
 * handle, Space to lift, arrow keys towards the target until the target steps aside (the sorting
 * preview: the lifted card is over it), Space to drop. Each key waits for the page to render:
 * dnd-kit steps from the position it last rendered, and scrolls the page on a phone, so counting
 * steps in advance merged, lost or overshot steps on a busy machine.
 */
export async function moveWithKeyboard(page: Page, handle: Locator, from: Locator, to: Locator): Promise<void> {
  // The handles come with the drag code, which reorder mode downloads: the cards stand where they
  // stay only once the handle shows, so the places are read after it.
  await handle.focus();
  await rendered(page);
  const [a, b] = [await placeInList(from), await placeInList(to)];
  const [dx, dy] = [b.x - a.x, b.y - a.y];
  const key = Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 'ArrowRight' : 'ArrowLeft') : dy > 0 ? 'ArrowDown' : 'ArrowUp';
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await rendered(page);
  for (let step = 0; step < MAX_STEPS; step++) {
    await page.keyboard.press(key);
    await rendered(page);
    const now = await placeInList(to);
    if (Math.abs(now.x - b.x) + Math.abs(now.y - b.y) > 4) break;
  }
  await page.keyboard.press('Space');
}

/**
 * Where the element is in its list, transforms included: not on the page, where anything shown
 * above the list (a notice, a banner) moves it too, nor in the viewport, which scrolls during the move.
 */
function placeInList(element: Locator): Promise<{ x: number; y: number }> {
  return element.evaluate((node) => {
    const rect = node.getBoundingClientRect();
    const list = (node.closest('ul') ?? document.documentElement).getBoundingClientRect();
    return { x: rect.left - list.left, y: rect.top - list.top };
  });
}

/** Resolves once the page has painted twice: what a key press changed is rendered by then. */
async function rendered(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}
