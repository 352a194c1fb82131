import { expect, expectAccessible, logIn, signUpInBrowser, test } from './fixtures';

test.describe('sub-pages on a phone', () => {
  test('a post, its likes and a follow list show Back and their title where the app bar was @phone', async ({ page }) => {
    await logIn(page, 'alice');
    await page.goto('/bob/');
    await page.locator('main a[href^="/p/"]').first().click();
    await expect(page).toHaveURL(/\/p\/[\w-]+\/$/);
    const postUrl = page.url();
    const header = page.locator('header').filter({ has: page.getByRole('button', { name: 'Back', exact: true }) });
    await expect(header).toContainText('Post');
    // The app's top bar (logo, heart, menu) gives way to the sub-page's header; the tab bar stays.
    await expect(page.getByRole('link', { name: 'Shutter' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Tabs' })).toBeVisible();
    await expectAccessible(page);

    await page.locator('main a[href$="/liked_by/"]').first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Likes' })).toBeVisible();
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(page).toHaveURL(postUrl);

    // Opened directly, Back has no earlier page of the app to return to: it goes to the profile.
    await page.goto('/bob/followers/');
    await expect(page.getByRole('heading', { level: 1, name: 'Followers' })).toBeVisible();
    // Rendered by the server: Back works once the page's script has taken it over.
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(page).toHaveURL(/\/bob\/$/);
    await expect(page.getByRole('link', { name: 'Shutter' })).toBeVisible();
  });

  test('the phone\'s heart shows the unread dot as the desktop\'s does @phone', async ({ page, browser }) => {
    const me = await signUpInBrowser(page, 'dot');
    const heart = page.getByRole('link', { name: 'Activity' });
    await expect(heart).toBeVisible();
    await expect(heart).not.toHaveAccessibleDescription('New activity');

    const other = await browser.newContext();
    const fan = await other.newPage();
    await signUpInBrowser(fan, 'dotfan');
    const myId = (await (await fan.request.get(`/${me.username}/?__a=1`)).json()).graphql.user.id as string;
    const token = (await (await fan.request.get('/data/shared_data/')).json()).config.csrf_token as string;
    expect((await fan.request.post(`/web/friendships/${myId}/follow/`, { headers: { 'x-csrftoken': token } })).ok()).toBe(true);
    await other.close();

    await page.reload();
    await expect(heart).toHaveAccessibleDescription('New activity');
    await heart.click();
    await expect(page).toHaveURL(/\/accounts\/activity\/$/);
    await expect(heart).not.toHaveAccessibleDescription('New activity');
  });
});
