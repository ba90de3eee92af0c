import type { Locator, Page } from '@playwright/test';

/** dnd-kit's keyboard step of this app (DRAG.keyboardStepPx). */
const STEP_PX = 25;

/**
 * Moves a card onto another's place with the keyboard, as a keyboard user does: focus its drag
 * handle, Space to lift, arrow keys until it sits over the target, Space to drop.
 */
export async function moveWithKeyboard(page: Page, handle: Locator, from: Locator, to: Locator): Promise<void> {
  const [a, b] = [await from.boundingBox(), await to.boundingBox()];
  if (!a || !b) throw new Error('the cards are not on screen');
  const dx = b.x + b.width / 2 - (a.x + a.width / 2);
  const dy = b.y + b.height / 2 - (a.y + a.height / 2);
  await handle.focus();
  await page.keyboard.press('Space');
  for (let i = 0; i < Math.ceil(Math.abs(dx) / STEP_PX); i++) await page.keyboard.press(dx > 0 ? 'ArrowRight' : 'ArrowLeft');
  for (let i = 0; i < Math.ceil(Math.abs(dy) / STEP_PX); i++) await page.keyboard.press(dy > 0 ? 'ArrowDown' : 'ArrowUp');
  await page.keyboard.press('Space');
}
