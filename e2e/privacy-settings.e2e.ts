import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, expectAccessible, signUpThroughApi, test, uniquePerson } from './fixtures.js';

const SHOTS = process.env.PRIVACY_SHOTS_DIR ?? path.join(os.tmpdir(), 'privacy-shots');
const toast = (page: Page) => page.getByRole('status', { name: 'Notifications' });
let address = 40;

async function csrf(api: APIRequestContext): Promise<string> {
  return (await (await api.get('/data/shared_data/')).json()).config.csrf_token as string;
}

const post = async (api: APIRequestContext, url: string, form: Record<string, string> = {}) => api.post(url, { form, headers: { 'x-csrftoken': await csrf(api) } });

/** Someone else, through the API alone, from an address of their own. */
async function stranger(baseURL: string, prefix: string): Promise<{ username: string; api: APIRequestContext }> {
  const person = uniquePerson(prefix);
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': `198.51.100.${(address += 1)}` } });
  const made = await post(api, '/accounts/web_create_ajax/', {
    email: person.email, username: person.username, password: person.password, first_name: person.fullName, year: '1990', month: '5', day: '6',
  });
  expect(made.ok(), await made.text()).toBe(true);
  return { username: person.username, api };
}

async function publish(api: APIRequestContext, caption: string): Promise<{ id: string; shortcode: string }> {
  const buffer = await sharp({ create: { width: 600, height: 600, channels: 3, background: { r: 90, g: 160, b: 220 } } }).jpeg().toBuffer();
  const uploadId = `prv${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const uploaded = await api.post('/create/upload/photo/', { multipart: { upload_id: uploadId, photo: { name: 'p.jpg', mimeType: 'image/jpeg', buffer } }, headers: { 'x-csrftoken': await csrf(api) } });
  expect(uploaded.ok()).toBe(true);
  const made = await post(api, '/create/configure/', { upload_id: uploadId, caption });
  expect(made.ok()).toBe(true);
  return (await made.json()).media;
}

const commentsOn = async (api: APIRequestContext, shortcode: string): Promise<string[]> =>
  ((await (await api.get(`/p/${shortcode}/?__a=1`)).json()).graphql.shortcode_media.edge_media_to_parent_comment.edges as { node: { text: string } }[]).map((e) => e.node.text);

/** Clicks until the control is ready (a click before hydration is lost). */
async function toggleUntil(control: Locator, checked: boolean) {
  await expect(async () => {
    if ((await control.getAttribute('aria-checked')) !== String(checked)) await control.click();
    await expect(control).toHaveAttribute('aria-checked', String(checked), { timeout: 1_500 });
  }).toPass();
}

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const [size, viewport] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1280, height: 800 }]] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${size}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('privacy and interaction settings', () => {
  test('R-001-settings-3 R-001-settings-4 R-001-settings-5: activity status and mentions change in the browser; a stranger\'s @mention is then refused; a failed toggle reverts and its Retry saves it', async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    const me = await signUpThroughApi(page, 'prv');
    await page.goto('/accounts/privacy_and_security/');
    await expect(page.getByRole('heading', { name: 'Privacy and security', level: 1 })).toBeVisible();
    const activity = page.getByRole('switch', { name: 'Show activity status' });
    await expect(activity).toHaveAttribute('aria-checked', 'true');
    await toggleUntil(activity, false);
    await expect(activity).not.toHaveAttribute('aria-busy', 'true');
    const mentions = page.getByRole('group', { name: 'Allow @mentions from' });
    await mentions.getByRole('radio', { name: 'No one' }).check();
    await expect(mentions).not.toHaveAttribute('aria-busy', 'true');
    await expectAccessible(page);
    await shoot(page, 'privacy');
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Show activity status' })).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByRole('group', { name: 'Allow @mentions from' }).getByRole('radio', { name: 'No one' })).toBeChecked();

    const eve = await stranger(baseURL!, 'men');
    const own = await publish(eve.api, 'my lunch');
    const refused = await post(eve.api, `/web/comments/${own.id}/add/`, { comment_text: `look @${me.username}` });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).message).toContain(`@${me.username.toLowerCase()} doesn't allow mentions from you`);

    // A save that fails: the switch goes back, and the toast's Retry saves it.
    const sharing = page.getByRole('switch', { name: 'Allow sharing' });
    await expect(sharing).toHaveAttribute('aria-checked', 'true');
    await page.route('**/accounts/privacy_and_security/set/', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
    await sharing.click();
    await expect(toast(page).getByText('Couldn’t change this setting.')).toBeVisible();
    await expect(sharing).toHaveAttribute('aria-checked', 'true');
    await page.unroute('**/accounts/privacy_and_security/set/');
    await toast(page).getByRole('button', { name: 'Retry' }).click();
    await expect(sharing).toHaveAttribute('aria-checked', 'false');
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Allow sharing' })).toHaveAttribute('aria-checked', 'false');

    // The private switch likewise: back where it was, and Retry makes the account private.
    const privateSwitch = page.getByRole('switch', { name: 'Private account' });
    await expect(privateSwitch).toHaveAttribute('aria-checked', 'false');
    await page.route('**/accounts/set_private/', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
    await privateSwitch.click();
    await expect(toast(page).getByText('Couldn’t change your account privacy. Try again.')).toBeVisible();
    await expect(privateSwitch).toHaveAttribute('aria-checked', 'false');
    await page.unroute('**/accounts/set_private/');
    await toast(page).getByRole('button', { name: 'Retry' }).click();
    await expect(privateSwitch).toHaveAttribute('aria-checked', 'true');
    await eve.api.dispose();
  });

  test('R-001-settings-10 R-001-settings-17: a comment filter keyword, saved with the generic settings saved toast, hides a comment from another viewer but not from its author', async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    await signUpThroughApi(page, 'flt');
    await page.goto('/accounts/comment_filter/');
    const filter = page.getByRole('switch', { name: 'Hide offensive comments' });
    await toggleUntil(filter, true);
    await page.getByRole('textbox', { name: 'Keywords' }).fill('pineapple, durian');
    await page.getByRole('button', { name: 'Save keywords' }).click();
    await expect(toast(page).getByText('Settings saved')).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'comment-filter');

    const post = await publish(page.request, 'fruit bowl');
    const [author, reader] = [await stranger(baseURL!, 'aut'), await stranger(baseURL!, 'rdr')];
    for (const text of ['Pineapple does not belong here', 'lovely colours']) {
      expect((await (await postComment(author.api, post.id, text)).json()).status).toBe('ok');
    }
    expect(await commentsOn(author.api, post.shortcode)).toEqual(['Pineapple does not belong here', 'lovely colours']);
    expect(await commentsOn(reader.api, post.shortcode)).toEqual(['lovely colours']);
    await page.goto(`/p/${post.shortcode}/`);
    await expect(page.getByText('lovely colours')).toBeVisible();
    await expect(page.getByText('Pineapple does not belong here')).toHaveCount(0);
    await author.api.dispose();
    await reader.api.dispose();
  });

  test('R-001-settings-16: a keyword save the service refuses shows its message; notifications and emails sent show their states', async ({ page }) => {
    await signUpThroughApi(page, 'kw');
    await page.goto('/accounts/comment_filter/');
    await expect(page.getByRole('switch', { name: 'Hide offensive comments' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Keywords' }).fill(`fine, ${'x'.repeat(60)}`);
    await page.getByRole('button', { name: 'Save keywords' }).click();
    await expect(toast(page).getByText(/Keywords can be at most 50 characters long/)).toBeVisible();

    await page.goto('/emails/notifications/');
    const likes = page.getByRole('group', { name: 'Likes', exact: true });
    await likes.getByRole('radio', { name: 'From people I follow' }).check();
    await expect(likes).not.toHaveAttribute('aria-busy', 'true');
    await expectAccessible(page);
    await shoot(page, 'notifications');

    await page.goto('/emails/emails_sent/');
    await expect(page.getByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('Confirm your email address for Shutter')).toBeVisible();
    await page.getByRole('tab', { name: 'Other' }).click();
    await expect(page.getByText('No emails from us in the last 14 days.')).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'emails-sent');
  });
});

async function postComment(api: APIRequestContext, mediaId: string, text: string) {
  return post(api, `/web/comments/${mediaId}/add/`, { comment_text: text });
}
