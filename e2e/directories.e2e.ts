import { expect, expectAccessible, test } from './fixtures';

test.describe('profile and hashtag directories', () => {
  test('from the footer, the profiles directory leads key by key to a profile, with a breadcrumb back @mobile', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Directories' }).getByRole('link', { name: 'Profiles directory' }).click();
    await expect(page).toHaveURL(/\/directory\/profiles\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Profiles directory' })).toBeVisible();
    await expect(page).toHaveTitle('Profiles directory • Shutter');
    // The title shows once: in the bar on a phone, as the page's heading on a desktop.
    const titlesShown = () => page.evaluate((title) => [...document.querySelectorAll('body *')].filter((el) =>
      el.childElementCount === 0 && el.textContent?.trim() === title && !el.closest('footer')
      && el.getBoundingClientRect().width > 2 && getComputedStyle(el).display !== 'none').length, 'Profiles directory');
    await expect.poll(titlesShown).toBe(1);
    await expectAccessible(page);
    const keys = page.getByRole('list', { name: 'Sections' }).getByRole('link');
    await expect(keys.first()).toBeVisible();
    await keys.first().click();
    await expect(page).toHaveURL(/\/directory\/profiles\/0\/$/);
    const profiles = page.getByRole('list', { name: 'Profiles' }).getByRole('link');
    await expect(profiles.first()).toBeVisible();
    expect(await profiles.count()).toBeLessThanOrEqual(10);
    await expectAccessible(page);
    // The breadcrumb goes one level up.
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Profiles directory' }).click();
    await expect(page).toHaveURL(/\/directory\/profiles\/$/);
    await keys.first().click();
    const username = (await profiles.first().locator('span span').first().textContent())!;
    await profiles.first().click();
    await expect(page).toHaveURL(new RegExp(`/${username}/$`));
    await expect(page.getByRole('heading', { name: username }).first()).toBeVisible();
  });

  test('the hashtags directory leads to a tag page @mobile', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Directories' }).getByRole('link', { name: 'Hashtags directory' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Hashtags directory' })).toBeVisible();
    await page.getByRole('list', { name: 'Sections' }).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/directory\/hashtags\/0\/$/);
    const tags = page.getByRole('list', { name: 'Hashtags' }).getByRole('link');
    const tag = (await tags.first().textContent())!;
    expect(tag).toMatch(/^#/);
    await expectAccessible(page);
    await tags.first().click();
    await expect(page).toHaveURL(new RegExp(`/explore/tags/${tag.slice(1)}/$`));
    await expect(page.getByRole('heading', { level: 1, name: tag })).toBeVisible();
  });

  test('a key of another shape or past the last one shows the not-found page', async ({ page }) => {
    for (const path of ['/directory/profiles/a-1/', '/directory/hashtags/99/']) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: "Sorry, this page isn't available." })).toBeVisible();
    }
  });

  test('the suggested page lists public profiles around a person', async ({ page }) => {
    await page.goto('/directory/suggested/alice/');
    await expect(page.getByRole('heading', { level: 1, name: 'Profiles suggested around @alice' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Profiles' }).getByRole('link').first()).toBeVisible();
    await expectAccessible(page);
  });
});
