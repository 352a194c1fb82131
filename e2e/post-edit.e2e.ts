import { chooseFromMenu, expect, expectAccessible, logIn, publishPhoto, signUpInBrowser, test } from './fixtures.js';

test.describe('editing a post', () => {
  test('the owner edits the caption and tags someone from the feed; the feed, the post page and the tagged person see it @mobile', async ({ page, browser }) => {
    test.setTimeout(90_000);
    await signUpInBrowser(page, 'edit');
    const { shortcode } = await publishPhoto(page, 'first draft');
    await page.goto('/');
    const card = page.getByRole('article').filter({ has: page.locator(`a[href="/p/${shortcode}/"]`) });
    await expect(card.getByText('first draft')).toBeVisible();

    await chooseFromMenu(page, card.getByRole('button', { name: 'More options' }), 'Edit');
    const dialog = page.getByRole('dialog', { name: 'Edit info' });
    await expect(dialog).toBeVisible();
    // Nothing changed yet: nothing to save.
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    const caption = dialog.getByLabel('Write a caption…');
    await expect(caption).toHaveValue('first draft');
    await caption.fill('Second thoughts #edited');
    await expect(dialog.getByText('23/2,200')).toBeVisible();

    // Tag bob with the keyboard: the photo's button places a tag at its centre.
    await dialog.getByRole('button', { name: 'Tag someone in this photo' }).focus();
    await page.keyboard.press('Enter');
    const search = dialog.getByRole('combobox', { name: 'Search for a person to tag' });
    await expect(search).toBeFocused();
    await search.fill('bob');
    await expect(dialog.getByRole('option').filter({ hasText: /^bob/ }).first()).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('button', { name: 'Remove tag of bob' })).toBeVisible();
    await expect(dialog.getByText('1/20 tagged')).toBeVisible();
    await dialog.getByLabel('Write alt text').fill('An orange square');
    await expectAccessible(page);

    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your changes have been saved.')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    // The feed card shows the new caption at once, and focus is back on the menu's button.
    await expect(card.getByText('Second thoughts')).toBeVisible();
    await expect(card.getByText('first draft')).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'More options' })).toBeFocused();

    // The post page, after a reload, shows it too; reopening the edit shows bob's tag where it was put.
    await page.goto(`/p/${shortcode}/`);
    await expect(page.getByText('Second thoughts')).toBeVisible();
    await expect(page.getByRole('img', { name: 'An orange square' })).toBeVisible();
    await chooseFromMenu(page, page.getByRole('button', { name: 'More options' }).first(), 'Edit');
    await expect(page.getByRole('dialog', { name: 'Edit info' }).getByRole('button', { name: 'Remove tag of bob' })).toBeVisible();
    await page.getByRole('dialog', { name: 'Edit info' }).getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit info' })).toHaveCount(0);

    // bob finds the post waiting for his review in his tagged tab.
    const bobContext = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.77' } });
    const bob = await bobContext.newPage();
    await logIn(bob, 'bob');
    await bob.goto('/bob/tagged/');
    await expect(bob.locator(`a[href="/p/${shortcode}/"]`)).toBeVisible();
    await bobContext.close();
  });

  test('Cancel asks before dropping changes and drops them; a refused save says why and keeps the draft', async ({ page }) => {
    await signUpInBrowser(page, 'edc');
    const { shortcode } = await publishPhoto(page, 'stays the same');
    await page.goto(`/p/${shortcode}/`);
    await chooseFromMenu(page, page.getByRole('button', { name: 'More options' }).first(), 'Edit');
    const dialog = page.getByRole('dialog', { name: 'Edit info' });
    await dialog.getByLabel('Write a caption…').fill('not kept');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const confirm = page.getByRole('dialog', { name: 'Discard changes?' });
    await confirm.getByRole('button', { name: 'Keep editing' }).click();
    await expect(dialog.getByLabel('Write a caption…')).toHaveValue('not kept');

    // The service refuses (here: it is down); the message shows and the draft stays.
    await page.route('**/media/*/edit/', (route) => route.fulfill({ status: 400, contentType: 'application/json', body: '{"status":"fail","message":"Some tagged people do not exist."}' }));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Some tagged people do not exist.');
    await expect(dialog.getByLabel('Write a caption…')).toHaveValue('not kept');
    await page.unroute('**/media/*/edit/');

    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Discard' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('stays the same')).toBeVisible();
    await page.reload();
    await expect(page.getByText('stays the same')).toBeVisible();
    await expect(page.getByText('not kept')).toHaveCount(0);
  });

  test('only the owner has Edit in the menu', async ({ page }) => {
    await logIn(page, 'carol');
    const other = page.getByRole('article', { name: /^Post by (?!carol$)/ }).first();
    await other.getByRole('button', { name: 'More options' }).click();
    await expect(page.getByRole('menuitem', { name: 'Copy link' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Edit' })).toHaveCount(0);
  });
});
