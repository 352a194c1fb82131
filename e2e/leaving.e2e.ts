import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { request, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, expectAccessible, test, uniquePerson } from './fixtures.js';
import { ownService } from './own-service.js';

/**
 * Leaving, on a service of its own whose deletions wait no days (ACCOUNT_DELETION_DAYS=0), so the
 * purge is seen to remove the files from its media folder.
 */
const service = ownService('leaving');
const ORIGIN = service.origin;
const SHOTS = '/tmp/leaving-shots';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
let address = 40;
const nextAddress = () => `198.51.100.${(address += 1)}`;

interface Person {
  username: string;
  email: string;
  password: string;
  api: APIRequestContext;
}

const csrf = async (api: APIRequestContext) => (await (await api.get('/data/shared_data/')).json()).config.csrf_token as string;
const post = async (api: APIRequestContext, url: string, form: Record<string, string> = {}) => api.post(url, { form, headers: { 'x-csrftoken': await csrf(api) } });

async function signUp(prefix: string): Promise<Person> {
  const person = uniquePerson(prefix);
  const api = await request.newContext({ baseURL: ORIGIN, extraHTTPHeaders: { 'x-forwarded-for': nextAddress() } });
  const made = await post(api, '/accounts/web_create_ajax/', {
    email: person.email, username: person.username, password: person.password, first_name: person.fullName, year: '1990', month: '5', day: '6',
  });
  expect(made.ok(), await made.text()).toBe(true);
  return { username: person.username, email: person.email, password: person.password, api };
}

async function publish(person: Person, caption: string): Promise<Record<string, unknown>> {
  const buffer = await sharp({ create: { width: 900, height: 900, channels: 3, background: { r: 200, g: 120, b: 40 }, noise: { type: 'gaussian', mean: 120, sigma: 40 } } }).jpeg().toBuffer();
  const uploadId = `leave${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const uploaded = await person.api.post('/create/upload/photo/', {
    multipart: { upload_id: uploadId, photo: { name: 'p.jpg', mimeType: 'image/jpeg', buffer } }, headers: { 'x-csrftoken': await csrf(person.api) },
  });
  expect(uploaded.ok()).toBe(true);
  const made = await post(person.api, '/create/configure/', { upload_id: uploadId, caption });
  expect(made.ok()).toBe(true);
  return (await made.json()).media;
}

/** The stored files a post's answer points at, as paths in the service's media folder. */
const mediaFiles = (media: unknown) => [...new Set([...JSON.stringify(media).matchAll(/\/media\/([^"?\\]+)/g)].map((m) => path.join(service.dataDir, 'media', m[1]!)))];

async function browse(browser: Browser, person: Person | null) {
  const context = await browser.newContext({
    baseURL: ORIGIN, viewport: DESKTOP, extraHTTPHeaders: { 'x-forwarded-for': nextAddress() },
    ...(person ? { storageState: await person.api.storageState() } : {}),
  });
  return { context, page: await context.newPage() };
}

async function shoot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SHOTS, `${name}-phone.png`), fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SHOTS, `${name}-desktop.png`), fullPage: true });
}

/** A zip's entries by name (read through its central directory; entries are stored or deflated). */
function unzip(data: Buffer): Map<string, Buffer> {
  const end = data.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = data.readUInt16LE(end + 10);
  let at = data.readUInt32LE(end + 16);
  const out = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const method = data.readUInt16LE(at + 10);
    const size = data.readUInt32LE(at + 20);
    const nameLength = data.readUInt16LE(at + 28);
    const local = data.readUInt32LE(at + 42);
    const name = data.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const start = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
    const raw = data.subarray(start, start + size);
    out.set(name, method === 8 ? zlib.inflateRawSync(raw) : raw);
    at += 46 + nameLength + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
  }
  return out;
}

async function outboxLink(api: APIRequestContext, recipient: string): Promise<string> {
  let link = '';
  await expect(async () => {
    const { messages } = (await (await api.get('/dev/outbox/?__a=1')).json()) as { messages: { recipient: string; body: string }[] };
    const mail = messages.find((m) => m.recipient === recipient && /download_data/.test(m.body));
    expect(mail).toBeDefined();
    link = new URL(/https?:\/\/\S+\/accounts\/download_data\/\S+\//.exec(mail!.body)![0]).pathname;
  }).toPass({ timeout: 30_000 });
  return link;
}

test.describe('leaving', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  test.beforeAll(async () => {
    test.setTimeout(300_000);
    await service.start({ ACCOUNT_DELETION_DAYS: '0', TRUST_PROXY: '1' });
  });
  test.afterAll(async () => { await service.dispose(); });

  test('R-000-routes-15 R-001-account-4: deactivating in the browser lands on the login with its note; others no longer see the profile; logging in brings it back', async ({ browser }) => {
    const me = await signUp('deact');
    const other = await signUp('viewer');
    await publish(me, 'a quiet afternoon');
    const { context, page } = await browse(browser, me);
    await page.goto('/accounts/edit/');
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Deactivate account' }).click();
    await expect(page).toHaveURL(/\/accounts\/remove\/request\/temporary\/$/);
    await expect(page.getByRole('heading', { name: 'Deactivate account', level: 1 })).toBeVisible();
    await page.getByLabel('Why are you deactivating your account?').selectOption('break');
    await shoot(page, 'deactivate');
    await expectAccessible(page);

    // R-001-account-5: a wrong password shows the server's words, and nothing happens.
    await page.getByLabel('Password', { exact: true }).fill('not my password');
    await page.getByRole('button', { name: 'Temporarily deactivate account' }).click();
    await page.getByRole('dialog', { name: 'Deactivate your account?' }).getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByRole('alert')).toHaveText('Your password was entered incorrectly. Please enter it again.');

    await page.getByLabel('Password', { exact: true }).fill(me.password);
    await page.getByRole('button', { name: 'Temporarily deactivate account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deactivate your account?' });
    await expect(dialog).toBeVisible();
    await shoot(page, 'deactivate-confirm');
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await expect(page).toHaveURL(/\/accounts\/login\/\?source=deactivate$/);
    await expect(page.getByText('Your account is deactivated. Log in whenever you like to bring it back.')).toBeVisible();
    await shoot(page, 'login-after-deactivate');

    expect((await other.api.get(`/${me.username}/?__a=1`)).status()).toBe(404);
    const visitor = await browse(browser, other);
    await visitor.page.goto(`/${me.username}/`);
    await expect(visitor.page.getByText("Sorry, this page isn't available.")).toBeVisible();

    await page.getByLabel('Username or email').fill(me.username);
    await page.getByLabel('Password', { exact: true }).fill(me.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByText('Welcome back! Your account is active again.')).toBeVisible();
    expect((await other.api.get(`/${me.username}/?__a=1`)).status()).toBe(200);
    await visitor.context.close();
    await context.close();
  });

  test('deleting in the browser logs out; the purge removes the account and its files from the media folder', async ({ browser }) => {
    const me = await signUp('deleter');
    const media = await publish(me, 'soon gone');
    const files = mediaFiles(media);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(fs.existsSync(file), file).toBe(true);
    const { context, page } = await browse(browser, me);
    await page.goto('/accounts/remove/request/permanent/');
    await expect(page.getByRole('heading', { name: 'Delete account', level: 1 })).toBeVisible();
    await expect(page.getByText(/deleted for good after 0 days/)).toBeVisible();
    await shoot(page, 'delete');
    await page.getByLabel('Password', { exact: true }).fill(me.password);
    await page.getByRole('button', { name: 'Delete account' }).click();
    await page.getByRole('dialog', { name: 'Delete your account?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/accounts\/login\/\?source=delete$/);
    await expect(page.getByText('Your account is scheduled for deletion. Log in before the date to keep it.')).toBeVisible();

    await expect(async () => {
      for (const file of files) expect(fs.existsSync(file), file).toBe(false);
    }).toPass({ timeout: 30_000 });
    const anyone = await request.newContext({ baseURL: ORIGIN });
    expect((await anyone.get(`/${me.username}/?__a=1`)).status()).toBe(404);
    await context.close();
  });

  test('downloading one\'s data: request it, read the mail, fetch the zip once, and find one\'s own posts in it', async ({ browser }) => {
    const me = await signUp('archive');
    await publish(me, 'keep this one');
    const { context, page } = await browse(browser, me);
    await page.goto('/accounts/download_data/');
    await expect(page.getByRole('heading', { name: 'Download your data', level: 1 })).toBeVisible();
    await shoot(page, 'download');
    await expectAccessible(page);
    await page.getByLabel('Password', { exact: true }).fill(me.password);
    await page.getByRole('button', { name: 'Request download' }).click();
    await expect(page.getByRole('status').filter({ hasText: /We emailed a link to|We're preparing your data/ })).toBeVisible();
    const link = await outboxLink(me.api, me.email);
    await expect(page.getByText(/Your data is ready\. We emailed a link to/)).toBeVisible({ timeout: 15_000 });
    await shoot(page, 'download-ready');

    const zip = await context.request.get(link);
    expect(zip.status()).toBe(200);
    expect(zip.headers()['content-type']).toBe('application/zip');
    const files = unzip(await zip.body());
    for (const name of ['README.txt', 'profile.json', 'posts/posts.json', 'comments.json', 'likes.json', 'followers_and_following.json', 'messages/messages.json', 'searches.json', 'login_activity.json']) {
      expect(files.has(name), name).toBe(true);
    }
    const posts = JSON.parse(files.get('posts/posts.json')!.toString('utf8')) as { caption: string; items: { file: string }[] }[];
    expect(posts.map((p) => p.caption)).toEqual(['keep this one']);
    expect(files.get(posts[0]!.items[0]!.file)!.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(JSON.parse(files.get('profile.json')!.toString('utf8'))).toMatchObject({ username: me.username, email: me.email });

    // Once only.
    expect((await context.request.get(link)).status()).toBe(410);
    await page.reload();
    await expect(page.getByText('Your download link has been used. Request a new one to download again.')).toBeVisible();
    await context.close();
  });
});
