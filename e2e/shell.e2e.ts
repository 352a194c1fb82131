import { COOKIE_BANNER_COOKIE, COOKIE_BANNER_MAX_AGE_MS } from '../packages/contract/src/constants.js';
import { expect, expectAccessible, logIn, test } from './fixtures.js';

test.describe('cookie banner', () => {
  test('R-000-cookie-banner-1 R-000-cookie-banner-2 R-000-cookie-banner-3 R-000-cookie-banner-4: visible until a click outside confirms it, then a year-long cookie', async ({ page, context }) => {
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Cookie banner' });
    await expect(banner).toBeVisible();
    await expectAccessible(page);
    await page.reload();
    await expect(banner).toBeVisible();
    await page.getByRole('main').click({ position: { x: 5, y: 5 } });
    await expect(banner).toHaveCount(0);
    // The page sets it at once; the browser's cookie store has it a moment later.
    const bannerCookie = async () => (await context.cookies()).find((c) => c.name === COOKIE_BANNER_COOKIE);
    await expect.poll(async () => (await bannerCookie())?.value).toBe('1');
    const cookie = await bannerCookie();
    const lifetimeMs = cookie!.expires * 1000 - Date.now();
    expect(Math.abs(lifetimeMs - COOKIE_BANNER_MAX_AGE_MS)).toBeLessThan(60_000);
    await page.reload();
    await expect(page.getByRole('region', { name: 'Cookie banner' })).toHaveCount(0);
  });

  test('R-000-cookie-banner-5: closing it sets the cookie and refreshes cookies from the server @mobile', async ({ page, context }) => {
    await page.goto('/accounts/login/');
    const refreshed = page.waitForRequest((r) => r.url().endsWith('/data/shared_data/'));
    await page.getByRole('region', { name: 'Cookie banner' }).getByRole('button', { name: 'Close' }).click();
    await refreshed;
    await expect(page.getByRole('region', { name: 'Cookie banner' })).toHaveCount(0);
    expect((await context.cookies()).some((c) => c.name === COOKIE_BANNER_COOKIE && c.value === '1')).toBe(true);
  });
});

test.describe('landing page', () => {
  test('it paints from its HTML before any script runs, in the layout of the screen, and the app takes over @mobile', async ({ browser, isMobile }) => {
    for (const js of [false, true]) {
      const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: isMobile ? { width: 412, height: 839 } : { width: 1280, height: 800 }, isMobile, hasTouch: isMobile, javaScriptEnabled: js });
      const landing = await context.newPage();
      await landing.goto('/');
      if (isMobile) {
        await expect(landing.getByText('Share photos and videos with the people you follow.')).toBeVisible();
        await expect(landing.getByRole('link', { name: 'Log in', exact: true })).toHaveAttribute('href', '/accounts/login/');
        await expect(landing.getByRole('link', { name: 'Sign up', exact: true })).toHaveAttribute('href', '/accounts/emailsignup/');
      } else {
        await expect(landing.getByRole('heading', { name: 'Sign up to see photos and videos from your friends.' })).toBeVisible();
        await expect(landing.getByLabel('Email', { exact: true })).toBeVisible();
      }
      // only one layout shows, and the cookie banner waits for the page's script
      await expect(landing.getByRole('main')).toHaveCount(1);
      await expect(landing.getByRole('region', { name: 'Cookie banner' })).toHaveCount(js ? 1 : 0);
      if (js) {
        // the app takes over once the visitor reaches for the page
        await landing.keyboard.press('Tab');
        await expect(landing.locator('.prepaint')).toHaveCount(0);
        await expectAccessible(landing);
      }
      await context.close();
    }
  });
});

test.describe('the landing page before the app', () => {
  test('it sends its own small script, not the app, until the visitor reaches for it; what they typed meanwhile is kept, and no stylesheet comes twice', async ({ page }) => {
    const scripts: string[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(r.url());
    });
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) refused.push(message.text());
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    // its script starts after the paint, from the one inline script the policy allows
    expect(refused).toEqual([]);
    // the build's page, as sent, with its cookie banner, and far less script than the app's
    await expect(page.getByRole('region', { name: 'Cookie banner' })).toBeVisible();
    await expect(page.locator('.prepaint').first()).toBeAttached();
    const bytes = await page.evaluate((urls) => Promise.all(urls.map(async (url) => (await (await fetch(url)).arrayBuffer()).byteLength)), scripts);
    expect(bytes.reduce((a, b) => a + b, 0)).toBeLessThan(30 * 1024);
    const before = scripts.length;

    const email = page.getByLabel('Email', { exact: true });
    await email.pressSequentially('early@example.com');
    await expect(page.locator('.prepaint')).toHaveCount(0);
    expect(scripts.length).toBeGreaterThan(before);
    await expect(email).toHaveValue('early@example.com');
    await expect(email).toBeFocused();
    await page.keyboard.type('m');
    await expect(email).toHaveValue('early@example.comm');
    // the app's own form state has it: the next field's check sees the email typed
    await page.getByLabel('Full name').fill('Early Bird');
    await expect(page.getByLabel('Full name')).toHaveValue('Early Bird');

    const sheets = await page.evaluate(() => [...document.querySelectorAll('link[rel="stylesheet"]')].map((link) => link.getAttribute('href')));
    expect(sheets.length).toBeGreaterThan(0);
    expect(new Set(sheets).size).toBe(sheets.length);
    // the cookie banner is the app's now, and a click outside it still confirms it
    await page.getByRole('main').click({ position: { x: 5, y: 5 } });
    await expect(page.getByRole('region', { name: 'Cookie banner' })).toHaveCount(0);
    await expectAccessible(page);
  });
});

test.describe('logged-in chrome', () => {
  test('R-002-navigation-1 R-002-navigation-2 R-002-navigation-5: the desktop bar has logo, search, Direct, Explore, Activity and the profile link', async ({ page }) => {
    await logIn(page, 'dan');
    const nav = page.getByRole('navigation', { name: 'Primary' });
    await expect(page.getByRole('link', { name: 'Shutter', exact: true })).toHaveAttribute('href', '/');
    await expect(page.getByRole('search')).toBeVisible();
    for (const name of ['Home', 'Direct', 'Explore', 'Activity']) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Create', exact: true })).toHaveAttribute('aria-haspopup', 'menu');
    await expect(nav.getByRole('link', { name: 'Profile', exact: true })).toHaveAttribute('href', '/dan/');
    await nav.getByRole('link', { name: 'Profile', exact: true }).click();
    await expect(page).toHaveURL(/\/dan\/$/);
    await expect(page.getByRole('heading', { name: 'dan' })).toBeVisible();
    await expectAccessible(page);
  });

  test('the phone layout has a header and a bottom tab bar @phone', async ({ page }) => {
    await logIn(page, 'erin');
    const tabs = page.getByRole('navigation', { name: 'Tabs' });
    await expect(tabs).toBeVisible();
    for (const name of ['Home', 'Explore', 'Direct', 'Profile']) await expect(tabs.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(tabs.getByRole('button', { name: 'Create', exact: true })).toBeVisible();
    await expect(page.getByRole('search')).toHaveCount(0);
    await expectAccessible(page);
  });

  test('R-002-navigation-9: "log into another account" asks first, then logs out to the login page', async ({ page }) => {
    await logIn(page, 'farid');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log into another account' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Log into another account?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log into another account' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Log out and continue' }).click();
    await expect(page).toHaveURL(/\/accounts\/login\//);
    await expect(page.getByLabel('Username or email')).toBeVisible();
  });

  test('R-002-navigation-3: the activity heart opens a popover; on the activity page it reloads', async ({ page }) => {
    await logIn(page, 'mateo');
    await page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Activity', exact: true }).click();
    const popover = page.getByRole('dialog', { name: 'Activity' });
    await expect(popover).toBeVisible();
    // the demo world has given mateo likes and followers
    await expect(popover).toContainText(/liked your photo\.|started following you\./);
    await page.keyboard.press('Escape');
    await expect(popover).toHaveCount(0);
  });

  test('R-001-account-3: a failed logout shows the logout error toast and keeps the session', async ({ page }) => {
    await logIn(page, 'oscar');
    await page.route('**/accounts/logout/', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":"fail","message":"down"}' }));
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'logout internal error' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  });

  test('the language can be switched and every label follows', async ({ page }) => {
    await logIn(page, 'grace');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Switch language to Español' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Inicio', exact: true })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Primary' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^(Me gusta|Ya no me gusta)$/ }).first()).toBeVisible();
  });
});

test.describe('account settings', () => {
  test('R-000-routes-14 R-002-navigation-12: changing the password shows a toast at the bottom; the old password stops working', async ({ page, browser }) => {
    await logIn(page, 'hugo');
    await page.goto('/accounts/password/change/');
    await expectAccessible(page);
    await page.getByLabel('Old password').fill('wrong-old-one');
    await page.getByLabel('New password', { exact: true }).fill('hugo new secret');
    await page.getByLabel('Confirm new password').fill('hugo new secret');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your old password was entered incorrectly. Please enter it again.').first()).toBeVisible();
    await page.getByLabel('Old password').fill('shutter-demo');
    await page.getByRole('button', { name: 'Change password' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Password changed.' });
    await expect(toast).toBeVisible();
    const box = await toast.boundingBox();
    expect(box!.y).toBeGreaterThan((page.viewportSize()!.height * 2) / 3);

    const other = await browser.newContext();
    const res = await other.request.get('/data/shared_data/');
    const token = (await res.json()).config.csrf_token;
    const login = await other.request.post('/accounts/login/ajax/', { form: { username: 'hugo', password: 'shutter-demo' }, headers: { 'x-csrftoken': token } });
    expect(login.status()).toBe(400);
    await other.close();
  });

  test('R-001-login-activity-4: login activity lists both sessions and logs out the other one @mobile', async ({ page, browser }) => {
    const phone = await browser.newContext({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1', extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.77' } });
    const phonePage = await phone.newPage();
    await logIn(phonePage, 'ines');
    await logIn(page, 'ines');
    await page.goto('/session/login_activity/');
    await expect(page.getByText('Active now')).toBeVisible();
    const other = page.getByRole('button', { name: /Log out of Mobile Safari on iOS/ });
    await expect(other).toBeVisible();
    await expectAccessible(page);
    await other.click();
    await expect(other).toHaveCount(0);
    await phonePage.reload();
    await expect(phonePage).toHaveURL(/\/$/);
    expect((await (await phonePage.request.get('/data/shared_data/')).json()).config.viewer).toBeNull();
    await phone.close();
  });

  test('R-001-login-activity-5: logging out the current session from login activity reloads the page, logged out', async ({ page }) => {
    await logIn(page, 'ines');
    await page.goto('/session/login_activity/');
    const current = page.getByRole('listitem').filter({ hasText: 'Active now' });
    await expect(current).toHaveCount(1);
    // A marker on the window survives client-side navigation but not a reload.
    await page.evaluate(() => { (window as unknown as { beforeReload?: boolean }).beforeReload = true; });
    await current.getByRole('button').click();
    await expect(page).toHaveURL(/\/accounts\/login\//);
    expect(await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload ?? false)).toBe(false);
    expect((await (await page.request.get('/data/shared_data/')).json()).config.viewer).toBeNull();
  });

  test('password reset by emailed link', async ({ page }) => {
    await page.goto('/accounts/password/reset/');
    await expectAccessible(page);
    await page.getByLabel('Email or username').fill('jamal');
    await page.getByRole('button', { name: 'Send login link' }).click();
    await expect(page.getByText(/If an account matches/)).toBeVisible();
    const outbox = await (await page.request.get('/dev/outbox/?__a=1')).json();
    const mail = outbox.messages.find((m: { recipient: string }) => m.recipient === 'jamal@example.com');
    const link = new URL(/https?:\/\/\S+/.exec(mail.body)![0]);
    await page.goto(link.pathname + link.search);
    await page.getByLabel('New password', { exact: true }).fill('jamal reset secret');
    await page.getByLabel('Confirm new password').fill('jamal reset secret');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page).toHaveURL(/\/accounts\/login\//);
    await logIn(page, 'jamal', 'jamal reset secret');
  });
});
