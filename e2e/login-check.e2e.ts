import { expect, expectAccessible, logIn, signUpInBrowser, test } from './fixtures.js';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

test.describe('sign-ins you did not make', () => {
  test('R-001-login-activity-1 R-001-login-activity-2 R-001-login-activity-3: a login from a new device asks "Was this you?"; confirmed, undone, then disavowed, it ends and the password change follows', async ({ page, browser }) => {
    const person = await signUpInBrowser(page, 'lchk');
    const phone = await browser.newContext({ userAgent: IPHONE, extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.23' } });
    const phonePage = await phone.newPage();
    await logIn(phonePage, person.username, person.password);

    await page.goto('/session/login_activity/');
    const check = page.getByRole('region', { name: 'Was this you?' });
    await expect(check).toBeVisible();
    await expect(check.getByText('Mobile Safari on iOS')).toBeVisible();
    await expectAccessible(page);

    await check.getByRole('button', { name: /^This was me/ }).click();
    await expect(check.getByText('You confirmed this login.')).toBeVisible();
    await check.getByRole('button', { name: 'Undo' }).click();
    await expect(check.getByRole('button', { name: /^This was me/ })).toBeVisible();

    await check.getByRole('button', { name: /^This wasn't me/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Secure your account' });
    await dialog.getByRole('button', { name: 'End it and change my password' }).click();
    await expect(page).toHaveURL(/\/accounts\/password\/change\/$/);
    expect((await (await phonePage.request.get('/data/shared_data/')).json()).config.viewer).toBeNull();
    await phone.close();
  });
});
