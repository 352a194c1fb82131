import { expect, expectAccessible, logIn, test } from './fixtures';

test.describe('activity and settings on a phone', () => {
  test('a public account with no follow requests sees no empty requests card on top of its activity @mobile', async ({ page }) => {
    await logIn(page, 'alice');
    await page.goto('/accounts/activity/');
    await expect(page.getByRole('heading', { name: 'Activity', level: 2 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Follow requests' })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('likes of one post are told once, with how many others, in sections by age @mobile', async ({ page }) => {
    await logIn(page, 'carol');
    await page.goto('/accounts/activity/');
    await expect(page.getByRole('heading', { level: 3, name: /^(Today|This week|This month|Earlier)$/ }).first()).toBeVisible();
    // The demo world gives carol's posts many likes: one line per post.
    await expect(page.getByRole('listitem').filter({ hasText: /^\S+, \S+ and \d+ others? liked your photo\./ }).first()).toBeVisible();
    const lines = await page.getByRole('listitem').filter({ hasText: 'liked your photo.' }).allTextContents();
    expect(lines.length).toBeGreaterThan(0);
    await expectAccessible(page);
  });
});

test.describe('settings pages', () => {
  test('close friends and the archive stay in the settings frame, their tab marked @mobile', async ({ page }) => {
    await logIn(page, 'alice');
    for (const [path, tab] of [['/accounts/close_friends/', 'Close friends'], ['/archive/stories/', 'Archive']] as const) {
      await page.goto(path);
      const strip = page.getByRole('navigation', { name: 'Settings' });
      await expect(strip.getByRole('link', { name: tab, exact: true })).toHaveAttribute('aria-current', 'page');
      // On a phone the strip scrolls sideways, so the first tab is there but may be out of view.
      await expect(strip.getByRole('link', { name: 'Edit profile' })).toHaveCount(1);
      await expect(page.getByRole('region', { name: tab }).getByRole('heading', { level: 1, name: tab })).toBeVisible();
      await expectAccessible(page);
      // From one settings tab to the next without leaving the frame.
      await strip.getByRole('link', { name: 'Privacy and security' }).click();
      await expect(page).toHaveURL(/\/accounts\/privacy_and_security\/$/);
    }
  });

  test('on Privacy, the Close friends section stands apart from the setting above it @mobile', async ({ page }) => {
    await logIn(page, 'alice');
    await page.goto('/accounts/privacy_and_security/');
    const help = page.getByText('When your account is private');
    const heading = page.getByRole('heading', { level: 2, name: 'Close friends' });
    await expect(help).toBeVisible();
    const [above, below] = await Promise.all([help.boundingBox(), heading.boundingBox()]);
    expect(below!.y - (above!.y + above!.height)).toBeGreaterThanOrEqual(24);
  });
});

test.describe('settings on a narrow phone', () => {
  test.use({ viewport: { width: 340, height: 720 } });

  test('the settings tab strip brings the current page into view @phone', async ({ page }) => {
    await logIn(page, 'alice');
    await page.goto('/accounts/privacy_and_security/');
    const strip = page.getByRole('navigation', { name: 'Settings' });
    const active = strip.getByRole('link', { name: 'Privacy and security' });
    await expect(active).toHaveAttribute('aria-current', 'page');
    await expect.poll(async () => {
      const [s, a] = await Promise.all([strip.boundingBox(), active.boundingBox()]);
      return s && a ? a.x >= s.x - 1 && a.x + a.width <= s.x + s.width + 1 : false;
    }).toBe(true);
    // The strip does scroll at this width: the first tab has moved out of view.
    expect(await strip.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  });
});
