import { expect, expectAccessible, test } from './fixtures';

test.describe('terms, data policy and cookies', () => {
  test('the signup form links its Terms, Data Policy and Cookies Policy, each a page of its own that leads to the others @mobile', async ({ page }, info) => {
    // The landing holds the signup form on a desktop; a phone's landing leads to it.
    await page.goto(info.project.name === 'mobile' ? '/accounts/emailsignup/' : '/');
    const signup = page.getByRole('region', { name: /sign up/i });
    await expect(signup.getByRole('link', { name: 'Data Policy' })).toHaveAttribute('href', '/legal/privacy/');
    await expect(signup.getByRole('link', { name: 'Cookies Policy' })).toHaveAttribute('href', '/legal/cookies/');
    await signup.getByRole('link', { name: 'Terms', exact: true }).click();
    await expect(page).toHaveURL(/\/legal\/terms\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Use' })).toBeVisible();
    await expect(page).toHaveTitle('Terms of Use • Shutter');
    await expectAccessible(page);

    const tabs = page.getByRole('main').getByRole('navigation', { name: 'Legal' });
    await expect(tabs.getByRole('link', { name: 'Terms' })).toHaveAttribute('aria-current', 'page');
    await tabs.getByRole('link', { name: 'Data Policy' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Data Policy' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'What is kept' })).toBeVisible();
    await tabs.getByRole('link', { name: 'Cookies Policy' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Cookies Policy' })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'sessionid' })).toBeVisible();
    await expectAccessible(page);
  });

  test('the pages are plain HTML from the server, readable without scripts', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/legal/privacy/');
    await expect(page.getByRole('heading', { level: 1, name: 'Data Policy' })).toBeVisible();
    await context.close();
  });
});
