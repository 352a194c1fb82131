import { expect, expectAccessible, fillBirthday, fromOutbox, test, uniquePerson } from './fixtures.js';

/** A birthday `years` years ago, as the selects show it. */
function bornYearsAgo(years: number) {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCMonth(0, 2);
  return { year: String(d.getUTCFullYear()), month: 'January', day: '2' };
}

test.describe('signing up step by step', () => {
  test('R-000-routes-10 R-000-signup-4: with an email, step by step: each step shows its first server error, then the account is made and logged in @mobile', async ({ page }) => {
    const person = uniquePerson('steps');
    await page.goto('/accounts/signup/email/');
    await expect(page.getByText('Step 1 of 3')).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill('not an email');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Enter a valid email address.')).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill(person.email);
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page).toHaveURL(/\/accounts\/signup\/nameAndPassword\/$/);
    await page.getByLabel('Full name').fill(person.fullName);
    await page.getByLabel('Username', { exact: true }).fill('alice');
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Next' }).click();
    // Spec 000: the first field error from the server's result.
    await expect(page.getByRole('alert')).toHaveText("This username isn't available. Please try another.");
    await page.getByLabel('Username', { exact: true }).fill(person.username);
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page).toHaveURL(/\/accounts\/signup\/birthday\/$/);
    await expect(page.getByRole('heading', { name: 'Add your birthday' })).toBeVisible();
    await fillBirthday(page);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    // The new account's confirmation mail went to the address given in the first step.
    await fromOutbox(page, person.email, /confirm/i);
  });

  test('R-000-signup-9 R-000-signup-10 R-000-signup-11 R-000-signup-12 R-000-signup-13: by phone, the default: a texted code, a wrong one refused with the server message, resent, verified, and the account made', async ({ page }) => {
    const person = uniquePerson('phone');
    const phone = `+1555${String(Date.now()).slice(-7)}`;
    // The one-page form leads to the phone signup.
    await page.goto('/accounts/emailsignup/');
    await page.getByRole('link', { name: 'Sign up with a phone number' }).click();
    await expect(page).toHaveURL(/\/accounts\/signup\/phone\/$/);
    // Phone is the default contact point; email is one link away.
    await expect(page.getByRole('link', { name: 'Use email address' })).toBeVisible();
    await page.getByLabel('Mobile number').fill('12');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(/with its country code/i)).toBeVisible();
    await page.getByLabel('Mobile number').fill(phone);
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page).toHaveURL(/\/accounts\/signup\/confirmationCode\/$/);
    await expect(page.getByRole('status').filter({ hasText: `We sent a code to ${phone}.` })).toBeVisible();
    const code = /(\d{6})/.exec(await fromOutbox(page, phone, /to sign up/))![1]!;
    await page.getByRole('textbox', { name: 'Confirmation code' }).fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(/code isn.t right|not correct/i)).toBeVisible();
    // Asking again within a minute is refused with the server's words.
    await page.getByRole('button', { name: 'Resend code' }).click();
    await expect(page.getByText(/Wait \d+ seconds/i)).toBeVisible();
    await page.getByRole('textbox', { name: 'Confirmation code' }).fill(code);
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page).toHaveURL(/\/accounts\/signup\/nameAndPassword\/$/);
    await page.getByLabel('Full name').fill(person.fullName);
    await page.getByLabel('Username', { exact: true }).fill(person.username);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Next' }).click();
    await fillBirthday(page);
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  });

  test('R-000-signup-5: a failure that is no field\'s opens the generic dialog, and the step stays', async ({ page }) => {
    const person = uniquePerson('gen');
    await page.goto('/accounts/signup/email/');
    await page.getByLabel('Email', { exact: true }).fill(person.email);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/nameAndPassword\/$/);
    await page.route('**/accounts/web_create_ajax/attempt/', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":"fail","message":"down"}' }));
    await page.getByLabel('Username', { exact: true }).fill(person.username);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Next' }).click();
    const dialog = page.getByRole('dialog', { name: "We couldn't create your account" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/nameAndPassword\/$/);
  });

  test('R-000-signup-7: someone under 13 gets the age dialog, and no account', async ({ page }) => {
    const person = uniquePerson('kid');
    await page.goto('/accounts/signup/email/');
    await page.getByLabel('Email', { exact: true }).fill(person.email);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Username', { exact: true }).fill(person.username);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Next' }).click();
    await fillBirthday(page, bornYearsAgo(10));
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: "Sorry, you can't sign up" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('at least 13 years old');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
  });

  test("R-000-signup-8 R-000-routes-21 R-000-consent-1: a minor's account waits for the parent's link; approved, the minor logs in", async ({ page, browser }) => {
    const person = uniquePerson('teen');
    const parentEmail = `parent.${person.username}@example.org`;
    await page.goto('/accounts/emailsignup/');
    await page.getByLabel('Email', { exact: true }).fill(person.email);
    await page.getByLabel('Full name').fill(person.fullName);
    await page.getByLabel('Username', { exact: true }).fill(person.username);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await fillBirthday(page, bornYearsAgo(14));
    // Under the operator's consent age (16 here) the parent's email is asked, and checked by the service.
    await page.getByLabel("Parent's email").fill(person.email);
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expect(page.getByText("Enter your parent's email address, not your own.")).toBeVisible();
    await page.getByLabel("Parent's email").fill(parentEmail);
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Ask a parent to approve your account' })).toBeVisible();
    await expect(page.getByText(parentEmail)).toBeVisible();

    // Logging in before the parent answers says why.
    await page.goto('/accounts/login/');
    await page.getByLabel('Username or email').fill(person.username);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText("waiting for a parent's approval");

    // The parent, in another browser with no account, follows the mailed link.
    const mail = await fromOutbox(page, parentEmail, /parental_consent/);
    const link = new URL(/(http\S+\/accounts\/parental_consent\/\d+\/[\w-]+\/)\s/.exec(mail)![1]!);
    const parentContext = await browser.newContext();
    const parent = await parentContext.newPage();
    await parent.goto(new URL(link.pathname, page.url()).toString());
    await expect(parent.getByText(`${person.fullName} (@${person.username})`)).toBeVisible();
    await expectAccessible(parent);
    await parent.getByRole('button', { name: 'Approve their account' }).click();
    await expect(parent.getByText('Thank you. The account is open now.')).toBeVisible();
    await parentContext.close();

    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  });
});
