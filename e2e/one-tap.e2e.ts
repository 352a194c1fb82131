import type { Page } from '@playwright/test';
import { expect, expectAccessible, fillBirthday, test, uniquePerson } from './fixtures.js';

/** A new account made through the signup endpoint, then logged out: the journeys start from a password login. */
async function newAccount(page: Page) {
  const person = uniquePerson('tap');
  const token = (await (await page.request.get('/data/shared_data/')).json()).config.csrf_token as string;
  const made = await page.request.post('/accounts/web_create_ajax/', {
    form: { email: person.email, username: person.username, password: person.password, first_name: person.fullName, month: '3', day: '14', year: '1994' },
    headers: { 'x-csrftoken': token },
  });
  expect(made.ok(), await made.text()).toBe(true);
  await page.context().clearCookies();
  return person;
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
  await page.waitForLoadState('load');
}

test.describe('one-tap login', () => {
  test('R-000-routes-23 R-000-auth-2: after a login, "Save your login info?" continues to next; after a logout the landing offers "Continue as" and one click logs in @mobile', async ({ page }, info) => {
    test.setTimeout(60_000);
    const person = await newAccount(page);
    await page.goto('/accounts/login/?next=%2Fexplore%2F');
    await page.getByLabel('Username or email').fill(person.username);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();

    // R-000-routes-23: the upsell carries where the login was going, and goes there after.
    await expect(page).toHaveURL(/\/accounts\/onetap\/\?next=%2Fexplore%2F$/);
    await expect(page.getByRole('heading', { name: 'Save your login info?' })).toBeVisible();
    await expect(page.getByText(`@${person.username}`)).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: info.outputPath(`upsell-${info.project.name}.png`) });
    await page.getByRole('button', { name: 'Save info' }).click();
    await expect(page).toHaveURL(/\/explore\/$/);

    // A later login in this browser skips the question: its login is saved already.
    await logOut(page);
    const continueAs = page.getByRole('button', { name: `Continue as @${person.username}` });
    await expect(continueAs).toBeVisible();
    await expect(page.locator('[data-form-type="oneTapLogin"]')).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: info.outputPath(`landing-${info.project.name}.png`) });
    await continueAs.click();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    // A next of another site is not followed: both answers then go home.
    await page.goto('/accounts/onetap/?next=https%3A%2F%2Fevil.example%2F');
    await expect(page).toHaveURL(/\/$/);

    // Remove forgets the account in this browser; the landing then offers signup (desktop) or the two buttons (phone).
    await logOut(page);
    await page.getByRole('button', { name: `Remove @${person.username} from this browser` }).click();
    await expect(continueAs).toHaveCount(0);
    await expect(page.locator('[data-form-type="signup"], [data-form-type="none"]')).toBeVisible();
  });

  test('R-000-routes-23: "Not now" continues to next and saves nothing; the upsell asks again next time', async ({ page }) => {
    const person = await newAccount(page);
    await page.goto('/accounts/login/?next=%2Faccounts%2Fedit%2F');
    await page.getByLabel('Username or email').fill(person.username);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('button', { name: 'Not now', exact: true }).click();
    await expect(page).toHaveURL(/\/accounts\/edit\/$/);
    await logOut(page);
    await expect(page.getByRole('button', { name: /^Continue as/ })).toHaveCount(0);
    expect((await page.context().cookies()).some((c) => c.name === 'one_tap')).toBe(false);
  });
});

test.describe('registration interstitial', () => {
  test('R-000-routes-24: a signup goes to step 1 (profile photo), then step 2 (people to follow), then home; each step opens directly @mobile', async ({ page }, info) => {
    test.setTimeout(60_000);
    const person = uniquePerson('reg');
    await page.goto('/accounts/emailsignup/');
    await page.getByLabel('Email', { exact: true }).fill(person.email);
    await page.getByLabel('Full name').fill(person.fullName);
    await page.getByLabel('Username', { exact: true }).fill(person.username);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    const submit = page.getByRole('button', { name: 'Sign up', exact: true });
    await expect(async () => {
      if (!(await submit.isEnabled())) await fillBirthday(page);
      await expect(submit).toBeEnabled({ timeout: 1_000 });
    }).toPass();
    await submit.click();

    await expect(page).toHaveURL(/\/accounts\/registered\/$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Add a profile photo' })).toBeVisible();
    await expect(page.getByText('Step 1 of 2')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Change profile photo' })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: info.outputPath(`registered-1-${info.project.name}.png`) });
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    await expect(page).toHaveURL(/\/accounts\/registered\/2\/$/);
    await expect(page.getByRole('heading', { name: 'Find people to follow' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Follow', exact: true }).first()).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: info.outputPath(`registered-2-${info.project.name}.png`) });
    await page.getByRole('button', { name: 'Done', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

    // The step number is optional, and one out of range is step 1.
    await page.goto('/accounts/registered/2/');
    await expect(page.getByRole('heading', { name: 'Find people to follow' })).toBeVisible();
    await page.goto('/accounts/registered/7/');
    await expect(page).toHaveURL(/\/accounts\/registered\/$/);
    await expect(page.getByRole('heading', { name: 'Add a profile photo' })).toBeVisible();

    // Logged-in only: a visitor is sent to log in and back.
    await page.context().clearCookies();
    await page.goto('/accounts/registered/2/');
    await expect(page).toHaveURL(/\/accounts\/login\/\?next=%2Faccounts%2Fregistered%2F2%2F/);
  });
});
