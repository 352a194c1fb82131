import type { Page } from '@playwright/test';
import { expect, logIn, publishPhoto, signUpInBrowser, test } from './fixtures.js';

/** How many columns the posts grid lays out (a demo profile has fewer posts than a row). */
async function columns(page: Page): Promise<number> {
  const grid = page.getByRole('list', { name: /posts/i }).first();
  await expect(grid.getByRole('listitem').first()).toBeVisible();
  return grid.evaluate((list) => getComputedStyle(list).gridTemplateColumns.split(' ').length);
}

test.describe('profile grid and lists', () => {
  test('R-002-profile-4: the grid shows 4 posts a row on the largest screens, 3 on medium ones (a laptop too) and 2 on small ones', async ({ page }) => {
    await logIn(page, 'bob');
    await page.goto('/alice/');
    await page.setViewportSize({ width: 1600, height: 900 });
    expect(await columns(page)).toBe(4);
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await columns(page)).toBe(3);
    await page.setViewportSize({ width: 800, height: 900 });
    expect(await columns(page)).toBe(3);
    await page.setViewportSize({ width: 400, height: 900 });
    expect(await columns(page)).toBe(2);
  });

  test('R-002-post-actions-2: saving and unsaving a post refresh the saved tab of the viewer\'s profile', async ({ page }) => {
    const person = await signUpInBrowser(page, 'sav');
    await page.goto(`/${person.username}/saved/`);
    await expect(page.getByRole('heading', { name: 'Save' })).toBeVisible();

    // to alice's profile inside the app, so the saved tab's cached answer stays in this page
    await page.evaluate(() => {
      history.pushState({}, '', '/alice/');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    const tile = page.locator('a[href^="/p/"]').first();
    const href = await tile.getAttribute('href');
    await tile.click();
    await page.getByRole('button', { name: 'Save', exact: true }).first().click();
    await expect(page.getByRole('button', { name: 'Remove', exact: true }).first()).toHaveAttribute('aria-pressed', 'true');
    // within the app (no reload): the saved tab shows the post at once
    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/${person.username}/saved/$`));
    await expect(page.locator(`a[href="${href}"]`)).toBeVisible();

    await page.locator(`a[href="${href}"]`).click();
    await page.getByRole('button', { name: 'Remove', exact: true }).first().click();
    await expect(page.getByRole('button', { name: 'Save', exact: true }).first()).toHaveAttribute('aria-pressed', 'false');
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Save' })).toBeVisible();
    await expect(page.locator(`a[href="${href}"]`)).toHaveCount(0);
  });

  test('R-002-profile-5: a next page that fails to load shows a toast with Retry, and Retry loads it', async ({ page }) => {
    test.setTimeout(90_000);
    const person = await signUpInBrowser(page, 'grd');
    // One more than the first page (12), so the grid has a next page to load.
    for (let i = 0; i < 13; i += 1) await publishPhoto(page, `grid ${i}`, { r: 40 + i * 15, g: 120, b: 200 - i * 10 });
    // The next page (a profile_posts call with a cursor) fails once, as a dropped connection does.
    let failures = 1;
    await page.route('**/graphql/query/**', (route) => {
      const url = new URL(route.request().url());
      const after = url.searchParams.get('query_hash') === 'f27142816ca7f13a7c0626fa303e2587' && JSON.parse(url.searchParams.get('variables') ?? '{}').after;
      return after && failures-- > 0 ? route.abort('connectionreset') : route.continue();
    });
    await page.goto(`/${person.username}/`);
    const tiles = page.getByRole('list', { name: /posts/i }).first().getByRole('listitem');
    await expect(tiles).toHaveCount(12);
    await tiles.last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 4000);
    const toast = page.getByRole('status').filter({ hasText: 'Failed to load posts.' });
    await expect(toast).toBeVisible();
    await toast.getByRole('button', { name: 'Retry' }).click();
    await expect(tiles).toHaveCount(13);
  });

  test('R-002-follow-lists-3: the list of an unknown user goes to that user\'s path', async ({ page }) => {
    await logIn(page, 'bob');
    await page.goto('/nobody_by_this_name/followers/');
    await expect(page).toHaveURL(/\/nobody_by_this_name\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/isn.t available/i);
  });
});
