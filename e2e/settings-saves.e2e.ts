import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, signUpThroughApi, test } from './fixtures.js';

const toast = (page: Page) => page.getByRole('status', { name: 'Notifications' });

/** Clicks `button` until `then` shows: a click before hydration is lost. */
async function clickUntil(button: Locator, then: Locator) {
  await expect(async () => {
    if (!(await then.isVisible())) await button.click();
    await expect(then).toBeVisible({ timeout: 1_500 });
  }).toPass();
}

async function openEditProfile(page: Page) {
  await page.goto('/accounts/edit/');
  await expect(page.getByRole('heading', { name: 'Edit profile', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toBeEnabled();
  // On a phone the banner sits over the form's last buttons.
  const banner = page.getByRole('region', { name: 'Cookie banner' });
  if (await banner.isVisible()) await banner.getByRole('button', { name: 'Close' }).click();
}

test.describe('saving settings', () => {
  test('R-001-settings-1: the settings show the viewer’s own account, and a visitor is sent to log in @mobile', async ({ page, browser }) => {
    const me = await signUpThroughApi(page, 'own');
    await openEditProfile(page);
    await expect(page.getByLabel('Username', { exact: true })).toHaveValue(me.username);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(me.email);
    const visitor = await browser.newPage();
    await visitor.goto('/accounts/edit/');
    await expect(visitor).toHaveURL(/\/accounts\/login\//);
    await visitor.close();
  });

  test('R-001-settings-11 R-001-settings-14: a profile save shows no toast, then success, then the first server error, or the fallback with a Retry @mobile', async ({ page }, info) => {
    test.setTimeout(60_000);
    await signUpThroughApi(page, 'psave');
    await openEditProfile(page);
    await expect(toast(page)).toBeEmpty();
    await page.getByLabel('Bio').fill('Out walking with a camera.');
    const submit = page.getByRole('button', { name: 'Submit' });
    await clickUntil(submit, toast(page).getByText('Profile saved.'));
    await page.screenshot({ path: info.outputPath('saved.png') });

    // The service's first field error is the toast's text.
    await page.getByLabel('Username', { exact: true }).fill('no spaces please');
    await submit.click();
    await expect(toast(page).getByText('Usernames can only use letters, numbers, underscores and periods.')).toBeVisible();
    await expect(page.getByLabel('Username', { exact: true })).toHaveAttribute('aria-invalid', 'true');

    // A failure that says nothing: the profile save fallback.
    await page.getByLabel('Username', { exact: true }).fill(`ok_${Date.now()}`);
    await page.route('**/accounts/edit/', (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }) : route.fallback()));
    await submit.click();
    await expect(toast(page).getByText('Couldn’t save your profile. Try again.')).toBeVisible();
    // Such a failure may pass on a second try: its toast's Retry saves the same form again.
    await page.unroute('**/accounts/edit/');
    await toast(page).getByRole('button', { name: 'Retry' }).click();
    await expect(toast(page).getByText('Profile saved.')).toBeVisible();
  });

  test('R-001-settings-12: a save refused as spam shows the service’s title, message and link in a dialog', async ({ page }) => {
    await signUpThroughApi(page, 'spam');
    await openEditProfile(page);
    await page.route('**/accounts/edit/', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ status: 'fail', spam: true, message: 'Slow down', feedback_title: 'Slow down there', feedback_message: 'You saved your profile many times in a short time.', feedback_url: '/help/restricted-activity/' }) })
        : route.fallback(),
    );
    await page.getByLabel('Bio').fill('Again');
    const dialog = page.getByRole('dialog', { name: 'Slow down there' });
    await clickUntil(page.getByRole('button', { name: 'Submit' }), dialog);
    await expect(dialog).toContainText('You saved your profile many times in a short time.');
    await expect(dialog.getByRole('link', { name: /learn more|tell us/i })).toHaveAttribute('href', '/help/restricted-activity/');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();
  });

  test('R-001-settings-15: a failed password change toasts the first server error, else a generic message with a Retry @mobile', async ({ page }) => {
    const me = await signUpThroughApi(page, 'pwd');
    await page.goto('/accounts/password/change/');
    await page.getByLabel('Old password').fill('not my password at all');
    await page.getByLabel('New password', { exact: true }).fill('a new Passw0rd, long');
    await page.getByLabel('Confirm new password').fill('a new Passw0rd, long');
    await clickUntil(page.getByRole('button', { name: 'Change password' }), toast(page).getByText('Your old password was entered incorrectly. Please enter it again.'));

    await page.route('**/accounts/password/change/', (route) => route.abort());
    await page.getByLabel('Old password').fill(me.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(toast(page).getByText('We could not change your password. Please try again.')).toBeVisible();
    await page.unroute('**/accounts/password/change/');
    await toast(page).getByRole('button', { name: 'Retry' }).click();
    await expect(toast(page).getByText('Password changed.')).toBeVisible();
  });

  test('R-002-profile-7: the gender saves from its dialog; a failure toasts the server’s message or a default, with a Retry that saves it @mobile', async ({ page }, info) => {
    test.setTimeout(60_000);
    await signUpThroughApi(page, 'gender');
    await openEditProfile(page);
    const dialog = page.getByRole('dialog', { name: 'Gender' });
    await clickUntil(page.getByRole('button', { name: 'Gender Prefer not to say' }), dialog);
    await dialog.getByRole('radio', { name: 'Custom' }).check();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog.getByText('Enter your gender, or choose another option.')).toBeVisible();
    await dialog.getByLabel('Custom gender').fill('Agender');
    await expectAccessible(page);
    await page.screenshot({ path: info.outputPath('gender.png') });

    let answer: { status: number; body: string } | null = { status: 500, body: '{}' };
    await page.route('**/accounts/set_gender/', (route) => (answer ? route.fulfill({ ...answer, contentType: 'application/json' }) : route.fallback()));
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page).getByText('Couldn’t save your gender. Try again.')).toBeVisible();
    // The saved value is back on the field until a save goes through.
    await expect(page.getByRole('button', { name: 'Gender Prefer not to say' })).toBeVisible();
    answer = null;
    await toast(page).getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('button', { name: 'Gender Agender' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Gender Agender' })).toBeVisible();

    // The service's own message, when it gives one.
    answer = { status: 400, body: JSON.stringify({ status: 'fail', message: 'Gender changes are paused for now.' }) };
    await clickUntil(page.getByRole('button', { name: 'Gender Agender' }), dialog);
    await dialog.getByRole('radio', { name: 'Female' }).check();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(toast(page).getByText('Gender changes are paused for now.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Gender Agender' })).toBeVisible();
  });

});
