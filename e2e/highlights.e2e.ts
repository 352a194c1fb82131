import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, logIn, signUpInBrowser, test } from './fixtures';

/** Posts a generated 9:16 photo as a story for whoever is logged in on `page`, through the API. */
async function postStory(page: Page, color: { r: number; g: number; b: number }): Promise<void> {
  const token = (await (await page.request.get('/data/shared_data/')).json()).config.csrf_token as string;
  const buffer = await sharp({ create: { width: 540, height: 960, channels: 3, background: color } }).jpeg().toBuffer();
  const uploadId = `e2e${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const uploaded = await page.request.post('/create/upload/photo/', { multipart: { upload_id: uploadId, photo: { name: 's.jpg', mimeType: 'image/jpeg', buffer } }, headers: { 'x-csrftoken': token } });
  expect(uploaded.ok()).toBe(true);
  const made = await page.request.post('/create/configure_to_story/', { form: { upload_id: uploadId }, headers: { 'x-csrftoken': token } });
  expect(made.ok()).toBe(true);
}

// Long journeys (several pages, an accessibility check on each).
test.describe.configure({ timeout: 90_000 });

test.describe('highlights', () => {
  test('a highlight made from the archive shows on the profile, is renamed, then deleted @mobile', async ({ page }) => {
    const me = await signUpInBrowser(page, 'hl');
    await postStory(page, { r: 220, g: 120, b: 40 });
    await postStory(page, { r: 40, g: 120, b: 220 });

    await page.goto(`/${me.username}/`);
    const row = page.getByRole('region', { name: 'Highlights' });
    await expect(row.getByRole('link', { name: 'New highlight' })).toBeVisible();
    await row.getByRole('link', { name: 'New highlight' }).click();

    await expect(page).toHaveURL(/\/archive\/stories\/$/);
    const stories = page.getByRole('button', { name: /^Story of / });
    await expect(stories).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'New highlight' })).toBeDisabled();
    await expectAccessible(page);
    await stories.nth(0).click();
    await stories.nth(1).click();
    await expect(stories.nth(1)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('2 selected')).toBeVisible();
    await page.getByRole('button', { name: 'New highlight' }).click();

    const dialog = page.getByRole('dialog', { name: 'New highlight' });
    await dialog.getByLabel('Name').fill('Trip');
    // The cover choices are pictures: the label around each radio takes the click.
    await dialog.getByRole('radio', { name: 'Cover 2' }).locator('..').click();
    await expect(dialog.getByRole('radio', { name: 'Cover 2' })).toBeChecked();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Add' }).click();

    await expect(page).toHaveURL(new RegExp(`/${me.username}/$`));
    const circle = row.getByRole('link', { name: 'Trip' });
    await expect(circle).toBeVisible();
    await expect(circle).toHaveAttribute('href', /^\/stories\/highlights\/\d+\/$/);
    await expectAccessible(page);

    await row.getByRole('button', { name: 'Edit highlight Trip' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit highlight' });
    await expect(edit.getByText('Stories (2)')).toBeVisible();
    await edit.getByLabel('Name').fill('Summer');
    await expectAccessible(page);
    await edit.getByRole('button', { name: 'Done' }).click();
    await expect(row.getByRole('link', { name: 'Summer' })).toBeVisible();
    await page.reload();
    await expect(row.getByRole('link', { name: 'Summer' })).toBeVisible();

    await row.getByRole('button', { name: 'Edit highlight Summer' }).click();
    await page.getByRole('dialog', { name: 'Edit highlight' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete highlight?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(row.getByRole('link', { name: 'Summer' })).toHaveCount(0);
    await expect(row.getByRole('link', { name: 'New highlight' })).toBeVisible();
  });

  test('the archive says so when there is nothing in it yet @mobile', async ({ page }) => {
    await signUpInBrowser(page, 'hlempty');
    await page.goto('/archive/stories/');
    await expect(page.getByRole('heading', { name: 'No stories in your archive yet' })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('close friends', () => {
  test('a follower is added to close friends, stays added, and is taken off again @mobile', async ({ page }, info) => {
    // Each project changes a different persona's list, and puts it back.
    await logIn(page, info.project.name === 'mobile' ? 'erin' : 'carol');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Close friends' }).click();
    await expect(page).toHaveURL(/\/accounts\/close_friends\/$/);
    const first = page.getByRole('checkbox', { checked: false }).first();
    await expect(first).toBeVisible();
    await expectAccessible(page);

    const name = (await first.getAttribute('aria-label'))!;
    const username = name.replace('Close friend: ', '');
    await page.getByRole('searchbox', { name: 'Search' }).fill(username);
    const toggle = page.getByRole('checkbox', { name });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    const before = Number((await page.getByText(/^\d+ (people|person)$/).textContent())!.split(' ')[0]);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByText(new RegExp(`^${before + 1} (people|person)$`))).toBeVisible();

    await page.reload();
    await expect(page.getByRole('checkbox', { name })).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('checkbox', { name }).click();
    await expect(page.getByRole('checkbox', { name })).toHaveAttribute('aria-checked', 'false');
    await page.reload();
    await expect(page.getByRole('checkbox', { name })).toHaveAttribute('aria-checked', 'false');
  });
});
