import { DEMO_PASSWORD, expect, expectAccessible, logIn, test, uniquePerson } from './fixtures.js';

test.describe('private accounts', () => {
  test('request to follow a private account, the owner approves it, and the posts appear', async ({ page, browser }) => {
    test.setTimeout(60_000);
    const person = uniquePerson('req');
    await page.goto('/accounts/emailsignup/');
    await page.getByLabel('Email', { exact: true }).fill(person.email);
    await page.getByLabel('Full name').fill(person.fullName);
    await page.getByLabel('Username', { exact: true }).fill(person.username);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

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
