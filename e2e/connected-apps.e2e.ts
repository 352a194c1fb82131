import { createHash, randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { declineSaveLoginInfo, expect, expectAccessible, signUpThroughApi, test } from './fixtures.js';

const SHOTS = '/tmp/apps-shots';
const REDIRECT_URI = 'https://app.example/callback';
const toast = (page: Page) => page.getByRole('status', { name: 'Notifications' });

test.describe('apps you connect', () => {
  test('R-001-connected-apps-3: register, log in and allow in the browser, exchange the code with PKCE, read the feed, remove in settings @mobile', async ({ page, browser }, info) => {
    test.setTimeout(90_000);
    const phone = info.project.name === 'mobile';
    if (phone) await page.setViewportSize({ width: 390, height: 844 });

    // The developer registers the app, as a Mastodon client does: no session, no CSRF token.
    const registered = await page.request.post('/api/v1/apps', { data: { client_name: 'Photo Frame', redirect_uris: REDIRECT_URI, scopes: 'read write', website: 'https://app.example' } });
    expect(registered.ok(), await registered.text()).toBe(true);
    const app = (await registered.json()) as { client_id: string; client_secret: string };

    // The person has an account, made elsewhere; this browser is logged out.
    const other = await browser.newContext();
    const person = await signUpThroughApi(await other.newPage(), 'oauth');
    await other.close();

    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const authorize = `/oauth/authorize?${new URLSearchParams({ client_id: app.client_id, redirect_uri: REDIRECT_URI, response_type: 'code', scope: 'read write', state: 's1', code_challenge: challenge, code_challenge_method: 'S256' })}`;
    // The app's own page, where the browser comes back with the code.
    let back: URL | null = null;
    await page.route('https://app.example/**', async (route) => {
      back = new URL(route.request().url());
      await route.fulfill({ contentType: 'text/html', body: '<title>Photo Frame</title><p>Connected</p>' });
    });

    await page.goto(authorize);
    // Logged out: to login first, then back to the app's request.
    await expect(page).toHaveURL(/\/accounts\/login\//);
    await page.getByLabel('Username or email').fill(person.username);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await declineSaveLoginInfo(page);
    await expect(page).toHaveURL(/\/oauth\/consent\/[^/]+\/$/);
    const consent = page.getByRole('region', { name: 'Photo Frame wants to use your account' });
    await expect(consent).toBeVisible();
    await expect(consent.getByText('Post, like, comment and follow for you')).toBeVisible();
    await expect(consent.getByText('From https://app.example')).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/consent-${info.project.name}.png`, fullPage: true });
    await consent.getByRole('button', { name: 'Allow' }).click();
    await expect(page).toHaveTitle('Photo Frame');
    expect(back!.searchParams.get('state')).toBe('s1');
    const code = back!.searchParams.get('code')!;

    // The app exchanges the code with its PKCE verifier, then reads the feed as the person.
    const token = await page.request.post('/oauth/token', {
      form: { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, client_id: app.client_id, client_secret: app.client_secret, code_verifier: verifier },
    });
    expect(token.ok(), await token.text()).toBe(true);
    const accessToken = ((await token.json()) as { access_token: string }).access_token;
    const api = await browser.newContext();
    const asApp = () => api.request.get('/?__a=1', { headers: { authorization: `Bearer ${accessToken}` } });
    const feed = await asApp();
    expect(feed.status()).toBe(200);
    expect(((await feed.json()) as { viewer: { username: string } }).viewer.username).toBe(person.username);

    // The person removes the app in their settings: confirm, and it moves to Expired.
    await page.goto('/accounts/manage_access/');
    const active = page.getByRole('tabpanel');
    await expect(active.getByText('Photo Frame')).toBeVisible();
    await expect(active.getByText('See your profile, posts and feed')).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/manage-access-${info.project.name}.png`, fullPage: true });
    await active.getByRole('button', { name: 'Remove Photo Frame' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove Photo Frame?' });
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(toast(page).getByText('Photo Frame was removed.')).toBeVisible();
    await expect(page.getByText('No active apps')).toBeVisible();
    await page.getByRole('tab', { name: 'Expired' }).click();
    await expect(page.getByRole('tabpanel').getByText(/Removed/)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/manage-access-expired-${info.project.name}.png`, fullPage: true });

    // The token is refused at once.
    expect((await asApp()).status()).toBe(401);
    await api.close();
  });

  test('R-001-connected-apps-1 R-001-connected-apps-2: a tester accepts one invitation and declines another', async ({ page, browser }) => {
    const devContext = await browser.newContext();
    const devPage = await devContext.newPage();
    await devPage.goto('/');
    await signUpThroughApi(devPage, 'appdev');
    const csrf = async () => (await (await devPage.request.get('/data/shared_data/')).json()).config.csrf_token as string;
    await page.goto('/');
    const tester = await signUpThroughApi(page, 'tester');
    for (const name of ['Beta Frame', 'Gamma Frame']) {
      const made = await devPage.request.post('/accounts/manage_access/apps/', { data: { client_name: name, redirect_uris: REDIRECT_URI }, headers: { 'x-csrftoken': await csrf() } });
      expect(made.ok(), await made.text()).toBe(true);
      const { client_id } = (await made.json()) as { client_id: string };
      const invited = await devPage.request.post(`/api/v1/apps/${client_id}/testers`, { data: { username: tester.username }, headers: { 'x-csrftoken': await csrf() } });
      expect(invited.ok(), await invited.text()).toBe(true);
    }
    await devContext.close();

    await page.goto('/accounts/manage_access/');
    // A click before the page takes over from its server-rendered HTML does nothing: click again.
    await expect(async () => {
      await page.getByRole('button', { name: 'Accept the invitation to test Beta Frame' }).click({ timeout: 1_000 });
      await expect(page.getByText(/^Accepted /)).toBeVisible({ timeout: 1_500 });
    }).toPass();
    await expect(page.getByRole('button', { name: 'Accept the invitation to test Beta Frame' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Decline the invitation to test Gamma Frame' }).click();
    await expect(page.getByText('Gamma Frame')).toHaveCount(0);
    await page.reload();
    await expect(page.getByText('Beta Frame')).toBeVisible();
    await expect(page.getByText('Gamma Frame')).toHaveCount(0);
  });
});
