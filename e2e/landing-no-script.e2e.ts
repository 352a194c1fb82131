import type { Page } from '@playwright/test';
import { expect, signUpThroughApi, test } from './fixtures.js';

test.use({ javaScriptEnabled: false });

/** A new account, made through the API and then logged out again: the visitor starts from nothing. */
async function newVisitorAccount(page: Page) {
  const person = await signUpThroughApi(page, 'noscript');
  await page.context().clearCookies();
  return person;
}

test.describe('the landing page without JavaScript', () => {
  test('a visitor logs in from the landing page and lands on their feed @mobile', async ({ page }) => {
    const person = await newVisitorAccount(page);
    await page.goto('/');
    await page.screenshot({ path: test.info().outputPath(`landing-${test.info().project.name}.png`), fullPage: true });
    // The phone layout offers Log in as a button-like link, the wide one under the signup card.
    await page.getByRole('link', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/accounts\/login\/$/);
    await page.getByLabel('Username or email').fill(person.username);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    // The feed's own page, rendered by the service for this person: no login form, their profile linked.
    await expect(page.getByRole('button', { name: 'Log in', exact: true })).toHaveCount(0);
    await expect(page.locator(`a[href="/${person.username}/"]`).first()).toBeAttached();
    const cookies = await page.context().cookies();
    expect(cookies.some((cookie) => cookie.name === 'sessionid')).toBe(true);
  });

  test('a wrong password shows the error, keeps the username, and the next try logs in @mobile', async ({ page }) => {
    const person = await newVisitorAccount(page);
    await page.goto('/accounts/login/');
    await page.getByLabel('Username or email').fill(person.username);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Sorry, your username or password was incorrect. Please double-check them and try again.');
    await expect(page.getByLabel('Username or email')).toHaveValue(person.username);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
    await page.screenshot({ path: test.info().outputPath(`login-refused-${test.info().project.name}.png`), fullPage: true });
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator(`a[href="/${person.username}/"]`).first()).toBeAttached();
  });

  test('empty fields are answered with what is missing @mobile', async ({ page }) => {
    await page.goto('/accounts/login/');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Enter your username or email.');
  });
});
