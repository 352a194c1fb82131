import { DEMO_PASSWORD, expect, expectAccessible, logIn, signUpInBrowser, test } from './fixtures.js';

test.describe('private accounts', () => {
  test('R-000-routes-17: request to follow a private account, the owner approves it on the activity page, and the posts appear', async ({ page, browser }) => {
    test.setTimeout(60_000);
    const person = await signUpInBrowser(page, 'req');

    await page.goto('/nadia/');
    await expect(page.getByText('This account is private')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Requested', exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Requested', exact: true })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);

    const owner = await (await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.41' } })).newPage();
    await logIn(owner, 'nadia', DEMO_PASSWORD);
    await owner.goto('/accounts/activity/');
    // the request row (the activity list below tells of the same request, without buttons)
    const row = owner.getByRole('listitem').filter({ hasText: person.username }).filter({ has: owner.getByRole('button', { name: 'Confirm', exact: true }) });
    await expect(row).toBeVisible();
    await expectAccessible(owner);
    await row.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(row).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole('button', { name: 'Following', exact: true })).toBeVisible();
    await expect(page.getByText('This account is private')).toHaveCount(0);
    await expect(page.locator('a[href^="/p/"]').first()).toBeVisible();
    await owner.context().close();
  });

  test('the followers list opens over the profile on a wide screen @mobile', async ({ page, isMobile }) => {
    await logIn(page, 'bob');
    await page.goto('/alice/');
    await page.getByRole('link', { name: /followers$/ }).click();
    await expect(page).toHaveURL(/\/alice\/followers\/$/);
    if (isMobile) await expect(page.getByRole('dialog')).toHaveCount(0);
    else await expect(page.getByRole('dialog')).toBeVisible();
    // everyone in the demo world follows alice
    await expect(page.getByText('Gwen Hughes')).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('blocks and the privacy switch', () => {
  test('block an account after confirming, its posts go away; unblock brings the Follow button back', async ({ page }) => {
    await signUpInBrowser(page, 'blk');
    await page.goto('/bob/');
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Following', exact: true })).toBeVisible();
    await expect(page.locator('a[href^="/p/"]').first()).toBeVisible();

    // Block is in the profile's options menu, reached by keyboard too
    await page.getByRole('button', { name: 'Profile options' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Block', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Block bob?' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    await expect(page.getByText('bob is blocked.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Unblock', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Profile options' }).click();
    await expect(page.getByRole('menuitem', { name: 'Copy profile link' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Block', exact: true })).toHaveCount(0);
    await page.keyboard.press('Escape');
    // The block ended the follow: after a reload the header still says Unblock, and bob's posts are gone from the feed.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Unblock', exact: true })).toBeVisible();
    // The service sends a blocked account's posts to no one who blocked it: the page says why, with no grid.
    await expect(page.getByRole('heading', { name: 'You blocked this account' })).toBeVisible();
    await expect(page.locator('a[href^="/p/"]')).toHaveCount(0);
    await page.goto('/');
    await expect(page.getByRole('article').filter({ has: page.getByRole('link', { name: 'bob', exact: true }) })).toHaveCount(0);

    await page.goto('/bob/');
    await page.getByRole('button', { name: 'Unblock', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
    await expect(page.locator('a[href^="/p/"]').first()).toBeVisible();
  });

  test('R-001-privacy-3 R-001-privacy-4: switching privacy too often opens the rate-limit dialog with the server\'s words @mobile', async ({ page }) => {
    test.setTimeout(60_000);
    await signUpInBrowser(page, 'prv');
    await page.goto('/accounts/privacy_and_security/');
    const toggle = page.getByRole('switch', { name: 'Private account' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    // Five switches each way an hour are allowed; the sixth to private is refused.
    for (let i = 0; i < 5; i += 1) {
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-checked', 'true');
      await expect(toggle).not.toHaveAttribute('aria-busy', 'true');
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-checked', 'false');
      await expect(toggle).not.toHaveAttribute('aria-busy', 'true');
    }
    await toggle.click();
    const dialog = page.getByRole('dialog', { name: "You can't make your account private right now" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('You changed your privacy setting several times recently.');
    await expectAccessible(page);
    // The switch shows the account as it still is.
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
  });
});
