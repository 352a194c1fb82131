import { expect, expectAccessible, logIn, signUpInBrowser, test } from './fixtures';

test.describe('people lists', () => {
  test('a follower the viewer does not follow gets "Follow Back"; the follow list can be searched @mobile', async ({ page, browser }) => {
    const me = await signUpInBrowser(page, 'fb');
    const other = await browser.newContext();
    const fan = await other.newPage();
    const them = await signUpInBrowser(fan, 'fan');
    const profile = await fan.request.get(`/${me.username}/?__a=1`);
    const myId = (await profile.json()).graphql.user.id as string;
    const token = (await (await fan.request.get('/data/shared_data/')).json()).config.csrf_token as string;
    expect((await fan.request.post(`/web/friendships/${myId}/follow/`, { headers: { 'x-csrftoken': token } })).ok()).toBe(true);
    await other.close();

    await page.goto(`/${me.username}/followers/`);
    const row = page.getByRole('listitem').filter({ hasText: them.username });
    await expect(row.getByRole('button', { name: 'Follow Back' })).toBeVisible();
    await expectAccessible(page);
    const search = page.getByRole('main').getByRole('searchbox', { name: 'Search' });
    await search.fill('nobody-by-this-name');
    await expect(page.getByText('No one matches.')).toBeVisible();
    await search.fill(them.username.slice(0, 6));
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: 'Follow Back' }).click();
    await expect(row.getByRole('button', { name: 'Following' })).toBeVisible();
  });

  test('liked-by rows carry a follow button, except the viewer\'s own', async ({ page }) => {
    await logIn(page, 'carol');
    await page.goto('/');
    // The likes open over the feed once the app has taken over the server's page; a click before
    // that follows the link to the likes' own page.
    await page.waitForLoadState('networkidle');
    await page.getByRole('article').locator('a[href$="/liked_by/"]').first().click();
    const dialog = page.getByRole('dialog');
    const rows = dialog.getByRole('listitem');
    await expect(rows.first()).toBeVisible();
    const count = await rows.count();
    for (let i = 0; i < Math.min(count, 5); i++) {
      const row = rows.nth(i);
      const own = (await row.getByRole('link').last().textContent()) === 'carol';
      await expect(row.getByRole('button', { name: /^(Follow|Following|Requested|Follow Back)$/ })).toHaveCount(own ? 0 : 1);
    }
  });
});
