import { expect, expectAccessible, signUpInBrowser, test } from './fixtures.js';

test.describe('suggested accounts', () => {
  test('R-000-suggested-users-4: following opens similar accounts; one is dismissed there and stays gone on the full list @mobile', async ({ page }) => {
    await signUpInBrowser(page, 'chn');
    await page.goto('/alice/');
    const toggle = page.getByRole('button', { name: 'Similar accounts' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // The page arrives rendered by the server: a click before its script has taken it over is lost.
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = page.getByRole('region', { name: 'Similar accounts' });
    const cards = panel.getByRole('listitem');
    await expect(cards.first()).toBeVisible();
    await expectAccessible(page);

    const first = (await cards.first().getByRole('link').first().textContent()) ?? '';
    expect(first).not.toBe('');
    await panel.getByRole('button', { name: `Dismiss ${first}` }).click();
    await expect(panel.getByRole('link', { name: first, exact: true })).toHaveCount(0);

    // The toggle closes and opens the panel.
    await toggle.click();
    await expect(panel).toHaveCount(0);
    await toggle.click();
    await expect(panel).toBeVisible();

    await panel.getByRole('link', { name: 'See all' }).click();
    await expect(page).toHaveURL(/\/alice\/similar_accounts\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Similar accounts' })).toBeVisible();
    const rows = page.getByRole('main').getByRole('listitem');
    await expect(rows.first()).toBeVisible();
    await expect(page.getByRole('link', { name: first, exact: true })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('discover people lists suggestions to follow', async ({ page }) => {
    await signUpInBrowser(page, 'dsc');
    await page.goto('/explore/people/');
    await expect(page.getByRole('heading', { level: 1, name: 'Suggestions for you' })).toBeVisible();
    const row = page.getByRole('main').getByRole('listitem').first();
    await expect(row).toBeVisible();
    await expectAccessible(page);
    await row.getByRole('button', { name: 'Follow', exact: true }).click();
    await expect(row.getByRole('button', { name: /^(Following|Requested)$/ })).toBeVisible();
  });
});
