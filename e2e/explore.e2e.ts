import { expect, expectAccessible, signUpInBrowser, test } from './fixtures';

test.describe('explore', () => {
  test('explore shows topics above a grid of strangers\' posts; a topic opens its own grid; a tile opens the post @mobile', async ({ page }) => {
    await signUpInBrowser(page, 'explorer');
    await page.goto('/explore/', { waitUntil: 'networkidle' });
    const grid = page.getByRole('list', { name: 'Posts to explore' });
    await expect(grid.getByRole('link').first()).toBeVisible();
    const topics = page.getByRole('navigation', { name: 'Topics' });
    await expect(topics.getByRole('button', { name: 'For you' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveTitle('Explore • Shutter');
    await expectAccessible(page);

    const chip = topics.getByRole('button').nth(1);
    const name = (await chip.textContent())!;
    await chip.click();
    await expect(page).toHaveURL(new RegExp(`/explore/\\?cluster=${name.slice(1)}$`));
    await expect(chip).toHaveAttribute('aria-pressed', 'true');
    const clusterGrid = page.getByRole('list', { name: `Posts about ${name}` });
    await expect(clusterGrid.getByRole('link').first()).toBeVisible();

    // The topic's page is rendered on the server too.
    await page.reload();
    await expect(page.getByRole('list', { name: `Posts about ${name}` }).getByRole('link').first()).toBeVisible();

    await topics.getByRole('button', { name: 'For you' }).click();
    await expect(page).toHaveURL(/\/explore\/$/);
    const first = grid.getByRole('link').first();
    const href = await first.getAttribute('href');
    await first.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
  });

  test('"Not interested" in a post\'s menu removes its tile at once, and undo brings it back @mobile', async ({ page }) => {
    await signUpInBrowser(page, 'picky');
    await page.goto('/explore/', { waitUntil: 'networkidle' });
    const grid = page.getByRole('list', { name: 'Posts to explore' });
    const tile = grid.getByTestId('explore-tile').first();
    const href = (await tile.getByRole('link').getAttribute('href'))!;
    // The grid comes rendered by the server: a click before the page's script runs opens nothing yet.
    await expect(async () => {
      await tile.getByRole('button', { name: 'More options for this post' }).click();
      await expect(page.getByRole('menuitem', { name: 'Not interested' })).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await page.getByRole('menuitem', { name: 'Not interested' }).click();
    await expect(grid.locator(`a[href="${href}"]`)).toHaveCount(0);
    await expect(page.getByText("Got it. You'll see fewer posts like this.")).toBeVisible();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(grid.locator(`a[href="${href}"]`)).toHaveCount(1);

    // Hidden again, it stays hidden after a reload.
    await grid.getByTestId('explore-tile').filter({ has: page.locator(`a[href="${href}"]`) }).getByRole('button', { name: 'More options for this post' }).click();
    await page.getByRole('menuitem', { name: 'Not interested' }).click();
    await expect(page.getByText("Got it. You'll see fewer posts like this.")).toBeVisible();
    await page.reload();
    await expect(grid.getByRole('link').first()).toBeVisible();
    await expect(grid.locator(`a[href="${href}"]`)).toHaveCount(0);
  });

  test('the topics are reachable by keyboard', async ({ page }) => {
    await signUpInBrowser(page, 'keys');
    await page.goto('/explore/', { waitUntil: 'networkidle' });
    const topics = page.getByRole('navigation', { name: 'Topics' });
    await topics.getByRole('button', { name: 'For you' }).focus();
    await page.keyboard.press('Tab');
    const second = topics.getByRole('button').nth(1);
    await expect(second).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(second).toHaveAttribute('aria-pressed', 'true');
  });
});
