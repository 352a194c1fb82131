import { expect, expectAccessible, publishPhoto, signUpInBrowser, test } from './fixtures';

test.describe('hashtags', () => {
  test('a hashtag from a caption opens its page; following it shows Following, and a reload keeps it @mobile', async ({ page }) => {
    await signUpInBrowser(page, 'tag');
    const tag = `dunes${Date.now().toString(36)}`;
    await publishPhoto(page, `Wind over the sand #${tag}`);
    await page.goto('/');
    await page.getByRole('article').first().getByRole('link', { name: `#${tag}` }).click();
    await expect(page).toHaveURL(new RegExp(`/explore/tags/${tag}/$`));
    await expect(page.getByRole('heading', { level: 1, name: `#${tag}` })).toBeVisible();
    await expect(page.getByText('1 post', { exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: `Top posts tagged #${tag}` }).getByRole('link')).toHaveCount(1);

    // The button answers at once; a reload before the server has the follow would lose it.
    const followed = page.waitForResponse((r) => new URL(r.url()).pathname === `/web/tags/follow/${tag}/`);
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    expect((await followed).ok()).toBe(true);
    const following = page.getByRole('button', { name: 'Following', exact: true });
    await expect(following).toBeVisible();
    await expect(following).toHaveAttribute('aria-pressed', 'true');
    await expectAccessible(page);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Following', exact: true })).toBeVisible();

    // The tabs are pages of their own, one grid at a time, the shown one marked.
    const tabs = page.getByRole('navigation', { name: 'Posts', exact: true });
    await expect(tabs.getByRole('link', { name: 'Top posts' })).toHaveAttribute('aria-current', 'page');
    await expect(tabs.getByRole('link', { name: 'Most recent' })).not.toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('list', { name: `Posts tagged #${tag}`, exact: true })).toHaveCount(0);
    await tabs.getByRole('link', { name: 'Most recent' }).click();
    await expect(page).toHaveURL(new RegExp(`/explore/tags/${tag}/recent/$`));
    await expect(tabs.getByRole('link', { name: 'Most recent' })).toHaveAttribute('aria-current', 'page');
    await expect(tabs.getByRole('link', { name: 'Top posts' })).not.toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('list', { name: `Posts tagged #${tag}`, exact: true }).getByRole('link')).toHaveCount(1);
    await expect(page.getByRole('list', { name: `Top posts tagged #${tag}` })).toHaveCount(0);
    await page.reload();
    await expect(tabs.getByRole('link', { name: 'Most recent' })).toHaveAttribute('aria-current', 'page');
    await tabs.getByRole('link', { name: 'Top posts' }).click();
    await expect(page).toHaveURL(new RegExp(`/explore/tags/${tag}/$`));
    await expect(page.getByRole('list', { name: `Top posts tagged #${tag}` }).getByRole('link')).toHaveCount(1);

    // And the tag is on the list of followed hashtags, reached from the following list.
    const username = (await (await page.request.get('/data/shared_data/')).json()).config.viewer.username as string;
    await page.goto(`/${username}/following/`);
    await page.getByRole('link', { name: /Hashtags/ }).click();
    await expect(page).toHaveURL(`/${username}/hashtag_following/`);
    await expect(page.getByRole('list', { name: 'Followed hashtags' }).getByRole('link', { name: new RegExp(`#${tag}`) })).toBeVisible();
    await expectAccessible(page);

    await page.goto(`/explore/tags/${tag}/`);
    await page.waitForLoadState('networkidle');
    const unfollowed = page.waitForResponse((r) => new URL(r.url()).pathname === `/web/tags/unfollow/${tag}/`);
    await page.getByRole('button', { name: 'Following', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
    expect((await unfollowed).ok()).toBe(true);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
  });

  test('a sensitive hashtag shows its advisory first; once acknowledged, its posts show, also after a reload @mobile', async ({ page }) => {
    await signUpInBrowser(page, 'adv');
    await page.goto('/explore/tags/extreme/');
    await expect(page.getByRole('heading', { name: 'Sensitive content' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Posts tagged #extreme' })).toHaveCount(0);
    await expectAccessible(page);
    // A click in the server-rendered page before its script has taken over is lost: click again.
    const seePosts = page.getByRole('button', { name: 'See posts' });
    await expect(async () => {
      if (await seePosts.isVisible()) await seePosts.click({ timeout: 2_000 });
      await expect(page.getByRole('list', { name: 'Posts tagged #extreme' }).getByRole('link').first()).toBeVisible({ timeout: 3_000 });
    }).toPass();
    await page.reload();
    await expect(page.getByRole('list', { name: 'Posts tagged #extreme' }).getByRole('link').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sensitive content' })).toHaveCount(0);
  });

  test('a visitor sees public posts, a login prompt instead of Follow, and acknowledges an advisory for the session', async ({ page }) => {
    await page.goto('/explore/tags/sunset/');
    await expect(page.getByRole('heading', { level: 1, name: '#sunset' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in to follow' })).toHaveAttribute('href', /\/accounts\/login\/\?next=/);
    await expect(page.getByRole('button', { name: 'Follow', exact: true })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Related' }).getByRole('link').first()).toBeVisible();
    await page.goto('/explore/tags/sunset/popular/');
    await expect(page.getByRole('heading', { level: 1, name: '#sunset' })).toHaveCount(0);

    await page.goto('/explore/tags/extreme/');
    await page.getByRole('button', { name: 'See posts' }).click();
    await expect(page.getByRole('list', { name: 'Posts tagged #extreme' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('list', { name: 'Posts tagged #extreme' })).toBeVisible();
  });
});
