import { DEMO_PASSWORD, expect, expectAccessible, test } from './fixtures.js';

/** LOGIN_CAPTCHA_AFTER_FAILURES in the contract. */
const LOGIN_CAPTCHA_AFTER_FAILURES = 3;

test.describe('captcha after failed logins', () => {
  test('R-000-auth-7: wrong passwords bring the captcha, the browser solves it, and the right password then logs in @mobile', async ({ page }, info) => {
    test.setTimeout(60_000);
    // Demo accounts no other journey logs in as, one per project: failures are counted per name.
    const username = info.project.name === 'mobile' ? 'yusuf' : 'priya';
    await page.goto('/accounts/login/');
    const password = page.getByLabel('Password', { exact: true });
    const submit = page.getByRole('button', { name: 'Log in', exact: true });
    await page.getByLabel('Username or email').fill(username);
    const check = page.getByRole('group', { name: 'Quick check' });
    for (let i = 1; i <= LOGIN_CAPTCHA_AFTER_FAILURES; i++) {
      await expect(check).toHaveCount(0);
      await password.fill(`wrong guess ${i}`);
      await submit.click();
      await expect(page.getByRole('alert')).toHaveAttribute('data-submission-count', String(i));
    }
    // The failure that reached the count moved the form to `captcha`: the widget shows and solves by itself.
    await expect(check).toBeVisible();
    await expect(check.getByText(/After a few wrong tries/)).toBeVisible();
    await expect(page.locator('altcha-widget input[name="captcha"]')).toHaveValue(/^[A-Za-z0-9+/=]{40,}$/, { timeout: 20_000 });
    await expect(check.getByText('Done')).toBeVisible();
    await page.screenshot({ path: info.outputPath(`captcha-${info.project.name}.png`), fullPage: true });
    await expectAccessible(page);

    await password.fill(DEMO_PASSWORD);
    await submit.click();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  });
});
