import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { expect, expectAccessible, logOutInBrowser, signUpThroughApi, test } from './fixtures.js';

/** The code of the step `steps` from now: the step that turned two-factor on is not accepted again. */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** Username and password accepted: the login form moves to the challenge screen. */
async function passwordStep(page: Page, username: string, password: string) {
  await page.goto('/accounts/login/');
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/accounts\/login\/two_factor\/$/);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
}

test.describe('two-factor authentication', () => {
  test('R-000-routes-11 R-000-auth-6 R-000-two-factor-1: turn on an authenticator, log in with its code, then with a backup code once @mobile', async ({ page }, info) => {
    test.setTimeout(90_000);
    const person = await signUpThroughApi(page, 'tfa');

    // Settings: the tab next to Login activity, the off state, then the setup.
    await page.goto('/accounts/two_factor_authentication/');
    const strip = page.getByRole('navigation', { name: 'Settings' });
    await expect(strip.getByRole('link', { name: 'Two-factor authentication' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText('Off', { exact: true })).toBeVisible();
    const useApp = page.getByRole('button', { name: 'Use an authentication app' });
    // A click before hydration is lost: repeat until the setup shows.
    await expect(async () => {
      if (await useApp.isVisible()) await useApp.click();
      await expect(page.getByRole('img', { name: 'QR code to add Shutter to your authentication app' })).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await expectAccessible(page);
    await page.screenshot({ path: info.outputPath('setup.png'), fullPage: true });
    const secret = ((await page.getByRole('group', { name: 'Key for manual entry' }).locator('code').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

    await page.getByLabel('Security code').fill(await codeAt(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const list = page.getByRole('list', { name: 'Backup codes' });
    await expect(list.getByRole('listitem')).toHaveCount(5);
    const backupCodes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
    await expect(page.getByRole('link', { name: 'Download as text' })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: info.outputPath('codes.png'), fullPage: true });
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByText('On', { exact: true })).toBeVisible();
    await expect(page.getByText('5 backup codes left')).toBeVisible();
    await page.screenshot({ path: info.outputPath('on.png'), fullPage: true });

    // Log out, log in: the password meets the challenge; a code from the app logs in.
    await logOutInBrowser(page);
    await passwordStep(page, person.username, person.password);
    await expectAccessible(page);
    await page.screenshot({ path: info.outputPath('challenge.png'), fullPage: true });
    await page.getByLabel('Security code').fill(await codeAt(secret, 1));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await expect(page).not.toHaveURL(/two_factor/);

    // Again with a backup code, after a reload of the challenge (the identifier survives it).
    await logOutInBrowser(page);
    await passwordStep(page, person.username, person.password);
    await page.reload();
    await page.getByRole('button', { name: 'Use a backup code' }).click();
    await page.getByLabel('Backup code').fill(backupCodes[0]!);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

    // The same backup code a second time: refused, with the server's message.
    await logOutInBrowser(page);
    await passwordStep(page, person.username, person.password);
    await page.getByRole('button', { name: 'Use a backup code' }).click();
    await page.getByLabel('Backup code').fill(backupCodes[0]!);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('alert')).toHaveText("That code isn't valid. Check the code and try again.");
    await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
    await page.screenshot({ path: info.outputPath('refused.png'), fullPage: true });
  });

  test('R-001-two-factor-6: new backup codes and turning off ask for the password; a wrong one shows the server message @mobile', async ({ page }, info) => {
    test.setTimeout(90_000);
    await signUpThroughApi(page, 'tfa');
    await page.goto('/accounts/two_factor_authentication/');
    const useApp = page.getByRole('button', { name: 'Use an authentication app' });
    const key = page.getByRole('group', { name: 'Key for manual entry' }).locator('code');
    await expect(async () => {
      if (await useApp.isVisible()) await useApp.click();
      await expect(key).toBeVisible({ timeout: 1_000 });
    }).toPass();
    const secret = ((await key.textContent()) ?? '').replace(/\s/g, '');
    await page.getByLabel('Security code').fill(await codeAt(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByRole('button', { name: 'Done' }).click();

    await page.getByRole('button', { name: 'Get new backup codes' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm your password' });
    await confirm.getByLabel('Password', { exact: true }).fill('not my password');
    await confirm.getByRole('button', { name: 'Continue' }).click();
    await expect(confirm.getByRole('alert')).toHaveText('Your password was entered incorrectly. Please enter it again.');
    await expectAccessible(page);
    await page.screenshot({ path: info.outputPath('password-dialog.png') });
    await confirm.getByLabel('Password', { exact: true }).fill('a long enough secret');
    await confirm.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).toHaveCount(5);
    await page.getByRole('button', { name: 'Done' }).click();

    await page.getByRole('button', { name: 'Turn off' }).click();
    const off = page.getByRole('dialog', { name: 'Turn off two-factor authentication?' });
    await off.getByLabel('Password', { exact: true }).fill('a long enough secret');
    await off.getByRole('button', { name: 'Turn off' }).click();
    await expect(off).toHaveCount(0);
    await expect(page.getByText('Off', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Use an authentication app' })).toBeVisible();
  });

  test('the challenge page opened on its own explains and links back to login @mobile', async ({ page }) => {
    await page.goto('/accounts/login/two_factor/');
    await expect(page.getByText('Log in again to get a new security check.', { exact: false })).toBeVisible();
    await page.getByRole('link', { name: 'Back to login' }).click();
    await expect(page).toHaveURL(/\/accounts\/login\/$/);
  });
});
