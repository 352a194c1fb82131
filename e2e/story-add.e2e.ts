import type { Page } from '@playwright/test';
import { expect, expectAccessible, logIn, test } from './fixtures.js';

const tray = (page: Page) => page.getByRole('navigation', { name: 'Stories' });
const editor = (page: Page) => page.getByRole('dialog', { name: 'New story' });

/** The story editor is open; Escape leaves it for the page it was opened from. */
async function expectEditorThenLeave(page: Page, back: RegExp) {
  await expect(page).toHaveURL(/\/create\/story\/$/);
  await expect(editor(page).getByRole('heading', { name: 'Add to your story' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(back);
}

test.describe('adding to a live story', () => {
  // alice has a live story in the demo world.
  test('the tray’s badge, the Create menu and the own story’s menu lead to the story editor; the picture opens the story @mobile', async ({ page }) => {
    test.setTimeout(90_000);
    await logIn(page, 'alice');
    const own = tray(page).getByRole('link', { name: 'Your story', exact: true });
    const badge = tray(page).getByRole('link', { name: 'Add to your story', exact: true });
    await expect(own).toHaveAttribute('href', '/stories/alice/');
    await expect(badge).toHaveAttribute('href', '/create/story/');
    await expectAccessible(page);
    await tray(page).screenshot({ path: test.info().outputPath('tray-badge.png') });

    // The badge, by pointer, then by keyboard: it comes right after the picture.
    await badge.click();
    await expectEditorThenLeave(page, /\/$/);
    await own.focus();
    await page.keyboard.press('Tab');
    await expect(badge).toBeFocused();
    await page.keyboard.press('Enter');
    await expectEditorThenLeave(page, /\/$/);

    // The Create menu: Post or Story, by keyboard.
    const bar = page.getByRole('navigation', { name: 'Primary' }).or(page.getByRole('navigation', { name: 'Tabs' })).filter({ visible: true });
    const create = bar.getByRole('button', { name: 'Create', exact: true });
    await create.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Create' });
    await expect(menu.getByRole('menuitem', { name: 'Post', exact: true })).toBeFocused();
    await expect(menu.getByRole('menuitem', { name: 'Post', exact: true })).toHaveAttribute('href', '/create/style/');
    await page.screenshot({ path: test.info().outputPath('create-menu.png') });
    await expectAccessible(page);
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Story', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expectEditorThenLeave(page, /\/$/);

    // The picture opens the story; its menu offers another one.
    await own.click();
    await expect(page).toHaveURL(/\/stories\/alice\/$/);
    const viewer = page.getByRole('dialog', { name: "alice's stories" });
    await viewer.getByRole('button', { name: 'More options' }).click();
    await page.screenshot({ path: test.info().outputPath('own-story-menu.png') });
    await viewer.getByRole('menuitem', { name: 'Add to your story' }).click();
    await expectEditorThenLeave(page, /\/stories\/alice\/$/);
  });
});
