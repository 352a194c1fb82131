import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { PHONE_CODE_RESEND_AFTER_MS } from '@shutter/contract';
import { expect, expectAccessible, fromOutbox, logOutInBrowser, signUpThroughApi, test } from './fixtures.js';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** The same screen at a phone's and a desktop's size, for the record. */
async function shoot(page: Page, path: (size: string) => string) {
  for (const [name, size] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: path(name), fullPage: true });
  }
}

const codeIn = (text: string) => /^(\d{6}) /.exec(text)![1]!;

test.describe('two-factor authentication by text message', () => {
  test('R-001-two-factor-1 R-000-two-factor-2 R-000-two-factor-3 R-000-two-factor-4: turn on texted codes, log in with a texted code, resent after the wait', async ({ page }, info) => {
    // The service lets a new code go a minute after the last: the journey waits that minute once.
    test.setTimeout(PHONE_CODE_RESEND_AFTER_MS + 120_000);
    const person = await signUpThroughApi(page, 'sms');
    const digits = String(Date.now()).slice(-7);
    const typed = `+1 555 ${digits.slice(0, 3)} ${digits.slice(3)}`;
    const number = `+1555${digits}`;
    const last4 = digits.slice(-4);

    // Settings: the phone form, the code requested, the code sent.
    await page.goto('/accounts/two_factor_authentication/');
    const sms = page.getByRole('region', { name: 'Text message' });
    await expect(sms).toContainText('Get a code by text message each time you log in.');
    const phoneField = page.getByLabel('Phone number');
    await expect(async () => {
      if (!(await phoneField.isVisible())) await sms.getByRole('button', { name: 'Use text message' }).click();
      await expect(phoneField).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await expectAccessible(page);
    await shoot(page, (size) => info.outputPath(`phone-form-${size}.png`));
    await phoneField.fill(typed);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'We texted a code' })).toHaveText(`We texted a code to your number ending in ${last4}.`);
    await expectAccessible(page);
    await shoot(page, (size) => info.outputPath(`code-sent-${size}.png`));
    const setupCode = codeIn(await fromOutbox(page, number, /is your Shutter code to turn on two-factor/));
    await page.getByLabel('Security code').fill(setupCode);
    await page.getByRole('button', { name: 'Turn on' }).click();

    // Enabled: the backup codes once, then the method on.
    await expect(page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).toHaveCount(5);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByText('On', { exact: true })).toBeVisible();
    await expect(sms).toContainText(`On: codes are texted to your number ending in ${last4}.`);
    await expect(page.getByText('5 backup codes left')).toBeVisible();
    await shoot(page, (size) => info.outputPath(`on-${size}.png`));

    // Log out, log in: the login texted a code, and the challenge says where.
    await logOutInBrowser(page);
    await page.goto('/accounts/login/');
    await page.getByLabel('Username or email').fill(person.username);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    const loggedInAt = Date.now();
    await expect(page).toHaveURL(/\/accounts\/login\/two_factor\/$/);
    const notice = page.getByRole('status').filter({ hasText: 'We texted' });
    await expect(notice).toHaveText(`We texted a code to your number ending in ${last4}.`);
    await fromOutbox(page, number, /is your Shutter login code/);
    await expectAccessible(page);
    await shoot(page, (size) => info.outputPath(`challenge-${size}.png`));

    // Asked again too soon: the service's message.
    const resend = page.getByRole('button', { name: 'Resend code' });
    await expect(async () => {
      await resend.click();
      await expect(page.getByRole('alert')).toHaveText(/^Please wait \d+ seconds before you ask for another code\.$/, { timeout: 1_000 });
    }).toPass();
    await expect(notice).toHaveText(`We texted a code to your number ending in ${last4}.`);
    await shoot(page, (size) => info.outputPath(`too-soon-${size}.png`));

    // After the wait: a new code, which the page calls resent.
    await page.waitForTimeout(Math.max(0, loggedInAt + PHONE_CODE_RESEND_AFTER_MS + 1_500 - Date.now()));
    await resend.click();
    await expect(notice).toHaveText(`We texted a new code to your number ending in ${last4}.`);
    await expect(page.getByRole('alert')).toHaveCount(0);
    const loginCode = codeIn(await fromOutbox(page, number, /is your Shutter login code/, 2));

    await page.getByLabel('Security code').fill(loginCode);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await expect(page).not.toHaveURL(/two_factor/);
  });

  test('R-001-two-factor-2: with the app on, texted codes keep the backup codes and say so; each method turns off by itself @mobile', async ({ page }) => {
    test.setTimeout(90_000);
    const person = await signUpThroughApi(page, 'sms');
    const digits = String(Date.now() + 7).slice(-7);
    const number = `+1556${digits}`;

    await page.goto('/accounts/two_factor_authentication/');
    const app = page.getByRole('region', { name: 'Authentication app' });
    const key = page.getByRole('group', { name: 'Key for manual entry' }).locator('code');
    await expect(async () => {
      if (!(await key.isVisible())) await app.getByRole('button', { name: 'Use an authentication app' }).click();
      await expect(key).toBeVisible({ timeout: 1_000 });
    }).toPass();
    const secret = ((await key.textContent()) ?? '').replace(/\s/g, '');
    await page.getByLabel('Security code').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByRole('button', { name: 'Done' }).click();

    const sms = page.getByRole('region', { name: 'Text message' });
    await sms.getByRole('button', { name: 'Use text message' }).click();
    await page.getByLabel('Phone number').fill(number);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'We texted a code' })).toBeVisible();
    await page.getByLabel('Security code').fill(codeIn(await fromOutbox(page, number, /is your Shutter code to turn on two-factor/)));
    await page.getByRole('button', { name: 'Turn on' }).click();
    // No new codes: the ones shown with the app still work.
    await expect(page.getByRole('status').filter({ hasText: 'backup codes' })).toHaveText("Your backup codes stay the same: each one you haven't used still works once.");
    await expect(page.getByRole('list', { name: 'Backup codes' })).toHaveCount(0);
    await expect(sms).toContainText(`ending in ${digits.slice(-4)}`);
    await expect(page.getByText('5 backup codes left')).toBeVisible();
    await expectAccessible(page);

    // Texts off: two-factor stays on with the app.
    await sms.getByRole('button', { name: 'Turn off text messages' }).click();
    const off = page.getByRole('dialog', { name: 'Turn off text message codes?' });
    await off.getByLabel('Password', { exact: true }).fill(person.password);
    await off.getByRole('button', { name: 'Turn off' }).click();
    await expect(off).toHaveCount(0);
    await expect(sms.getByRole('button', { name: 'Use text message' })).toBeVisible();
    await expect(page.getByText('On', { exact: true })).toBeVisible();
    await expect(app.getByRole('button', { name: 'Turn off' })).toBeVisible();
  });
});
