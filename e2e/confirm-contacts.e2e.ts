import type { Page } from '@playwright/test';
import { expect, expectAccessible, fromOutbox, test, uniquePerson } from './fixtures.js';

/**
 * A new account, logged in on `page`: made through the API, so that these journeys start from the
 * first page a new person sees (signup's own form is auth.e2e.ts's).
 */
async function signUpInBrowser(page: Page, prefix: string) {
  const person = uniquePerson(prefix);
  await page.goto('/');
  const csrf = (await (await page.request.get('/data/shared_data/')).json()).config.csrf_token as string;
  const res = await page.request.post('/accounts/web_create_ajax/', {
    form: { email: person.email, username: person.username, password: person.password, first_name: person.fullName, month: '3', day: '14', year: '1994' },
    headers: { 'x-csrftoken': csrf },
  });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  return person;
}

const toast = (page: Page) => page.getByRole('status', { name: 'Notifications' });
const reminder = (page: Page) => page.getByRole('region', { name: 'Email confirmation' });

/** Clicks `button` until `then` shows: a click before hydration is lost. */
async function clickUntil(page: Page, button: ReturnType<Page['getByRole']>, then: ReturnType<Page['getByRole']>) {
  await expect(async () => {
    if (!(await then.isVisible())) await button.click();
    await expect(then).toBeVisible({ timeout: 1_500 });
  }).toPass();
}

test.describe('confirming the email and the phone number', () => {
  test('R-000-email-confirmation-1: a new person is reminded, resends, follows the link and is confirmed @mobile', async ({ page }, info) => {
    test.setTimeout(90_000);
    const person = await signUpInBrowser(page, 'conf');
    await expect(reminder(page)).toBeVisible();
    await expect(reminder(page)).toContainText(`We sent a link to ${person.email}`);
    await page.screenshot({ path: info.outputPath(`reminder-${info.project.name}.png`), fullPage: false });

    await clickUntil(page, reminder(page).getByRole('button', { name: 'Resend' }), toast(page).getByText(`We sent a new confirmation link to ${person.email}.`));
    await expectAccessible(page);

    const body = await fromOutbox(page, person.email, /confirm_email/, 2);
    const link = new URL(/https?:\/\/\S+\/accounts\/confirm_email\/\S+\//.exec(body)![0]);
    await page.goto(link.pathname);
    await expect(page).toHaveURL(/\/accounts\/confirm_email\/\?result=confirmed$/);
    await expect(page.getByRole('heading', { name: 'Thanks, your email is confirmed' })).toBeVisible();
    await page.screenshot({ path: info.outputPath(`confirmed-${info.project.name}.png`) });

    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Home' })).toBeVisible();
    await expect(reminder(page)).toHaveCount(0);
    await page.goto('/accounts/edit/');
    await expect(page.getByText('Confirmed', { exact: true }).first()).toBeVisible();
    await page.screenshot({ path: info.outputPath(`edit-${info.project.name}.png`), fullPage: true });

    // A second use of the link says so, with a way to get a new one.
    await page.goto(link.pathname);
    await expect(page.getByRole('heading', { name: 'This link has expired or was already used' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send a new link' })).toBeVisible();
  });

  test('the reminder is in the home page as the service sends it, so the feed does not move down once scripts run', async ({ page, browser }) => {
    const person = await signUpInBrowser(page, 'confssr');
    const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
    const plain = await context.newPage();
    await plain.goto('/');
    await expect(reminder(plain)).toContainText(`We sent a link to ${person.email}`);
    await context.close();
  });

  test('R-000-email-confirmation-2: a failed resend shows a toast whose Retry sends again', async ({ page }) => {
    const person = await signUpInBrowser(page, 'retry');
    await expect(reminder(page)).toBeVisible();
    let failures = 0;
    await page.route('**/accounts/send_confirm_email/', async (route) => {
      if (failures === 0) {
        failures += 1;
        await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ status: 'fail', message: 'Server error' }) });
      } else await route.continue();
    });
    await clickUntil(page, reminder(page).getByRole('button', { name: 'Resend' }), toast(page).getByText('Couldn’t send the confirmation email.'));
    await toast(page).getByRole('button', { name: 'Retry' }).click();
    await expect(toast(page).getByText(`We sent a new confirmation link to ${person.email}.`)).toBeVisible();
    await fromOutbox(page, person.email, /confirm_email/, 2);
  });

  test('R-001-phone-confirm-1 R-001-phone-confirm-2 R-000-routes-22: a number, the texted code, confirmed @mobile', async ({ page }, info) => {
    test.setTimeout(60_000);
    await signUpInBrowser(page, 'phone');
    const number = `+1 555 01${String(Date.now()).slice(-5)}`;
    const e164 = number.replace(/\s/g, '');
    await page.goto('/accounts/confirm_phone/');
    const field = page.getByRole('textbox', { name: 'Phone number' });
    await expect(field).toBeVisible();
    await field.fill('555');
    await clickUntil(page, page.getByRole('button', { name: 'Send code' }), page.getByText('Enter your phone number with its country code, such as +1 555 010 0199.'));
    await field.fill(number);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText(`We sent a code to ${e164}.`)).toBeVisible();
    // R-001-phone-confirm-2: the number's form is gone once the code is sent.
    await expect(page.getByRole('textbox', { name: 'Phone number' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Send a new code' })).toBeDisabled();
    await expectAccessible(page);
    await page.screenshot({ path: info.outputPath(`phone-code-${info.project.name}.png`) });

    const code = /^(\d{6}) is your Shutter code/.exec(await fromOutbox(page, e164, /is your Shutter code/))![1]!;
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel('Confirmation code').fill(wrong);
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(page.getByText("That code isn't right. Check the text we sent and try again.")).toBeVisible();
    await page.getByLabel('Confirmation code').fill(code);
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(page.getByText(`Your phone number ${e164} is confirmed.`)).toBeVisible();

    await page.getByRole('link', { name: 'Back to edit profile' }).click();
    await expect(page.getByRole('textbox', { name: 'Phone number' })).toHaveValue(e164);
  });

  test('R-000-routes-13: the reset\'s phone tab texts a link to a confirmed number @mobile', async ({ page }, info) => {
    test.setTimeout(60_000);
    const person = await signUpInBrowser(page, 'reset');
    const e164 = `+1555${String(Date.now()).slice(-7)}`;
    const csrf = (await (await page.request.get('/data/shared_data/')).json()).config.csrf_token as string;
    await page.request.post('/accounts/send_confirm_phone_sms_code/', { form: { phone_number: e164 }, headers: { 'x-csrftoken': csrf } });
    const code = /^(\d{6}) is your Shutter code/.exec(await fromOutbox(page, e164, /is your Shutter code/))![1]!;
    expect((await page.request.post('/accounts/confirm_phone/', { form: { verification_code: code }, headers: { 'x-csrftoken': csrf } })).ok()).toBe(true);
    await page.context().clearCookies();

    await page.goto('/accounts/password/reset/');
    const tabs = page.getByRole('navigation', { name: 'Reset by' });
    await expect(tabs.getByRole('link', { name: 'Email or username' })).toHaveAttribute('aria-current', 'page');
    await tabs.getByRole('link', { name: 'Phone' }).click();
    await expect(page).toHaveURL(/\/accounts\/password\/reset\/phone\/$/);
    await expectAccessible(page);
    await page.screenshot({ path: info.outputPath(`reset-phone-${info.project.name}.png`) });
    await page.getByRole('textbox', { name: 'Phone' }).fill(e164);
    await page.getByRole('button', { name: 'Send link by text' }).click();
    await expect(page.getByText(/If an account has confirmed this phone number/)).toBeVisible();
    const link = new URL(/https?:\/\/\S+/.exec(await fromOutbox(page, e164, /reset the password/))![0]);
    await page.goto(link.pathname + link.search);
    await page.getByLabel('New password', { exact: true }).fill('texted new secret');
    await page.getByLabel('Confirm new password').fill('texted new secret');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page).toHaveURL(/\/accounts\/login\//);
    await page.getByLabel('Username or email').fill(person.username);
    await page.getByLabel('Password', { exact: true }).fill('texted new secret');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  });
});
