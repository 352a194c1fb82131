import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, test } from './fixtures';

const EVENT_PATH = '/logging/client_event/';

/**
 * The browser's saved-password store, replaced before the page's scripts run: `get` answers a real
 * PasswordCredential with these details (or null, as when none is saved or the chooser is closed).
 * Each page load and each `get` are counted in session storage, which survives a reload.
 */
async function savedPassword(page: Page, saved: { id: string; password: string } | null) {
  await page.addInitScript((credential) => {
    const count = (key: string) => sessionStorage.setItem(key, String(Number(sessionStorage.getItem(key) ?? 0) + 1));
    count('test.loads');
    const PasswordCredentialOf = (window as unknown as { PasswordCredential: new (data: object) => unknown }).PasswordCredential;
    navigator.credentials.get = (options?: object) => {
      count('test.gets');
      sessionStorage.setItem('test.getOptions', JSON.stringify(options));
      return Promise.resolve(credential ? (new PasswordCredentialOf({ ...credential, name: credential.id }) as Credential) : null);
    };
  }, saved);
}

const counted = (page: Page, key: 'test.loads' | 'test.gets') => page.evaluate((k) => Number(sessionStorage.getItem(k) ?? 0), key);
const viewerOf = async (page: Page) => ((await (await page.request.get('/data/shared_data/')).json()) as { config: { viewer: { username: string } | null } }).config.viewer;

test.describe('logging in with a password the browser saved', () => {
  test('R-002-prompts-9: a saved password logs the visitor in and the page reloads logged in', async ({ page }) => {
    await savedPassword(page, { id: 'victor', password: DEMO_PASSWORD });
    const login = page.waitForResponse((r) => r.url().includes('/accounts/login/ajax/'));
    await page.goto('/');
    expect((await login).status()).toBe(200);
    await expect(page.getByRole('button', { name: 'Account menu' }).first()).toBeVisible();
    expect((await viewerOf(page))?.username).toBe('victor');
    expect(await counted(page, 'test.loads')).toBe(2);
    expect(await counted(page, 'test.gets')).toBe(1);
    expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem('test.getOptions'))) ?? '{}')).toEqual({ password: true, mediation: 'optional' });
  });

  test('R-002-prompts-10: a saved password that is refused leaves the visitor logged out and reports password_mismatch', async ({ page }) => {
    await savedPassword(page, { id: 'wen', password: 'not the saved one' });
    const event = page.waitForRequest((r) => r.url().endsWith(EVENT_PATH) && r.method() === 'POST');
    await page.goto('/');
    const sent = await event;
    expect(new URLSearchParams(sent.postData() ?? '')).toEqual(new URLSearchParams({ name: 'credential_auto_login_failed', type: 'password_mismatch' }));
    expect((await sent.response())?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: /^Sign up to see photos/ })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
    expect(await viewerOf(page)).toBeNull();
    expect(await counted(page, 'test.loads')).toBe(1);
  });

  test('R-002-prompts-8, R-002-dismissals-12: no saved password reports dismissed and is not asked again on the next load that day', async ({ page }) => {
    await savedPassword(page, null);
    const event = page.waitForRequest((r) => r.url().endsWith(EVENT_PATH) && r.method() === 'POST');
    await page.goto('/accounts/login/');
    expect(new URLSearchParams((await event).postData() ?? '').get('type')).toBe('dismissed');
    const expiry = Number(await page.evaluate(() => localStorage.getItem('shutter.dismissed.credential_auto_login')));
    expect(expiry - Date.now()).toBeGreaterThan(86_400_000 - 60_000);
    expect(expiry - Date.now()).toBeLessThanOrEqual(86_400_000);

    const events: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith(EVENT_PATH)) events.push(r.postData() ?? '');
    });
    await page.reload();
    await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('heading', { name: /^Sign up to see photos/ })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await counted(page, 'test.gets')).toBe(1);
    expect(events).toEqual([]);
  });
});
