import type { Page } from '@playwright/test';
import { expect, expectAccessible, logIn, test } from './fixtures';

const SHOTS = process.env.E2E_SHOTS_DIR;

test.describe('search', () => {
  // Desktop only (no @mobile tag): the popup is the desktop navigation's.
  test('R-002-search-1: the desktop box opens a popup; a misspelt name finds the person and a hashtag opens its page', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await logIn(page, 'carol');
    const box = page.getByRole('combobox', { name: 'Search' });
    await box.click();
    await expect(page.getByRole('heading', { name: 'Recent' })).toBeVisible();
    await box.fill('lindkvist');
    const results = page.getByRole('listbox', { name: 'Search results' });
    const oscar = results.getByRole('option', { name: /oscar/ });
    await expect(oscar).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/search-desktop-results.png` });
    await expectAccessible(page);
    // R-002-search-11: Enter with nothing selected opens the first result.
    await box.press('Enter');
    await expect(page).toHaveURL(/\/oscar\/$/);
    await expect(page.getByRole('heading', { name: 'oscar' }).first()).toBeVisible();

    // The opened profile is now a recent search.
    await box.click();
    const recent = page.getByRole('listbox', { name: 'Recent and suggested searches' });
    await expect(recent.getByRole('option', { name: /oscar/ })).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/search-desktop-recent.png` });

    // R-002-search-9 and R-002-search-10: arrows choose a hashtag and Enter opens it.
    await box.fill('#trav');
    const travel = results.getByRole('option', { name: /#travel/ });
    await expect(travel).toBeVisible();
    await box.press('ArrowDown');
    await expect(travel).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/explore\/tags\/travel\/$/);

    // A place, by a word of its name: its page shows where it is.
    await box.fill('lx fact');
    await results.getByRole('option', { name: /LX Factory/ }).click();
    await expect(page).toHaveURL(/\/explore\/locations\/\d+\/lx-factory\/$/);
    await expect(page.getByRole('heading', { name: 'LX Factory' })).toBeVisible();

    // R-002-search-16: a recent entry is removed with its button; R-002-search-15: Clear all empties the list.
    await box.click();
    await recent.getByRole('option', { name: /oscar/ }).hover();
    await recent.getByTitle('Remove oscar from recent searches').click();
    await expect(recent.getByRole('option', { name: /oscar/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Clear all' }).click();
    await expect(page.getByText('No recent searches.')).toBeVisible();
    // R-002-search-6: nothing found says so.
    await box.fill('qqqzzzxxxyyy');
    await expect(page.getByRole('status').filter({ hasText: 'No results found.' })).toBeVisible();
  });

  // Desktop (the navigation's popup) and phone (the full-screen search).
  const openSearch = async (page: Page, phone: boolean) => {
    await page.setViewportSize(phone ? { width: 390, height: 844 } : { width: 1280, height: 800 });
    await logIn(page, 'bob');
    const box = page.getByRole('combobox', { name: 'Search' });
    if (phone) await page.goto('/explore/search/');
    else await box.click();
    await expect(box).toBeFocused();
    return box;
  };

  test('R-002-search-6: a lone # suggests hashtags and a lone @ suggests people, never "No results" @mobile', async ({ page }, info) => {
    const phone = info.project.name === 'mobile';
    const box = await openSearch(page, phone);
    await box.fill('#');
    const results = page.getByRole('listbox', { name: 'Search results' });
    await expect(page.getByRole('heading', { name: 'Hashtags' })).toBeVisible();
    const tags = results.getByRole('option');
    await expect(tags.first()).toBeVisible();
    expect(await tags.count()).toBeGreaterThan(2);
    // Every suggestion is a hashtag with its count of posts.
    await expect(results.getByRole('option', { name: /^#\w+ \d+ posts?$/ })).toHaveCount(await tags.count());
    await expect(page.getByText('No results found.')).toHaveCount(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/search-${phone ? 'phone' : 'desktop'}-hash.png` });
    await expectAccessible(page);

    await box.fill('@');
    await expect(page.getByRole('heading', { name: 'People' })).toBeVisible();
    await expect(results.getByRole('option').first()).toBeVisible();
    await expect(results.getByRole('option', { name: /^#/ })).toHaveCount(0);
    await expect(page.getByText('No results found.')).toHaveCount(0);

    // Back to '#': the first suggestion opens with Enter.
    await box.fill('#');
    const first = (await tags.first().getByText(/^#\w+$/).innerText()).slice(1);
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/explore/tags/${first}/$`));
  });

  test('people come first: "carl" puts carol (a letter away) before any town or hashtag starting with "carl", and "alcie" (two letters swapped) finds alice @mobile', async ({ page }, info) => {
    const phone = info.project.name === 'mobile';
    const box = await openSearch(page, phone);
    const results = page.getByRole('listbox', { name: 'Search results' });
    await box.fill('carl');
    await expect(results.getByRole('option').first()).toContainText('carol');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/search-${phone ? 'phone' : 'desktop'}-carl.png` });
    await box.fill('alcie');
    await expect(results.getByRole('option').first()).toContainText('alice');
  });

  test('R-002-search-2 R-002-search-4 R-002-search-3: on a phone Explore\'s box opens a full-screen search; Cancel goes back to Explore @phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await logIn(page, 'carol');
    await page.goto('/explore/');
    await page.getByRole('searchbox', { name: 'Search' }).focus();
    await expect(page).toHaveURL(/\/explore\/search\/$/);
    const box = page.getByRole('combobox', { name: 'Search' });
    await expect(box).toBeFocused();
    // R-002-search-5: the empty box shows recent searches and the suggested section.
    await expect(page.getByRole('heading', { name: 'Recent' })).toBeVisible();
    await expect(page.getByText('Suggested for you')).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/search-phone-empty.png` });
    await box.fill('lindkvist');
    await expect(page.getByRole('option', { name: /oscar/ })).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/search-phone-results.png` });
    await expectAccessible(page);
    await page.getByRole('option', { name: /oscar/ }).click();
    await expect(page).toHaveURL(/\/oscar\/$/);

    await page.goto('/explore/search/');
    await page.getByRole('combobox', { name: 'Search' }).fill('#sun');
    await page.getByRole('option', { name: /#sunset/ }).click();
    await expect(page).toHaveURL(/\/explore\/tags\/sunset\/$/);

    await page.goto('/explore/search/');
    await page.getByRole('combobox', { name: 'Search' }).fill('ros');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/explore\/$/);
  });
});
