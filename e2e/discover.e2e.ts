import { expect, expectAccessible, logIn, test } from './fixtures';

test.describe('hashtag and place pages', () => {
  test('a hashtag in a caption opens the tag page with its newest posts, not a dead end @mobile', async ({ page }) => {
    await logIn(page, 'carol');
    const tagLink = page.getByRole('article').getByRole('link', { name: /^#\w+$/ }).first();
    const tag = (await tagLink.textContent())!.slice(1).toLowerCase();
    await tagLink.click();
    await expect(page).toHaveURL(new RegExp(`/explore/tags/${tag}/$`, 'i'));
    await expect(page.getByRole('heading', { level: 1, name: `#${tag}` })).toBeVisible();
    await expect(page.getByText(/^\d[\d,.]* posts?$/)).toBeVisible();
    const grid = page.getByRole('list', { name: `Posts tagged #${tag}` });
    await expect(grid.getByRole('link').first()).toBeVisible();
    await expect(page).toHaveTitle(`#${tag} • Shutter`);
    await expectAccessible(page);
    // A tile opens the post, whose caption carries the tag.
    await grid.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/p\/[\w-]+\/$/);
  });

  test('a logged-out visitor can open a hashtag page; an unknown tag shows an empty page', async ({ page }) => {
    await page.goto('/explore/tags/nothingtaggedlikethis/');
    await expect(page.getByRole('heading', { level: 1, name: '#nothingtaggedlikethis' })).toBeVisible();
    await expect(page.getByText('No posts yet')).toBeVisible();
    await expectAccessible(page);
  });
});
