import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, expectAccessible, test, uniquePerson } from './fixtures';
import { ownDatabaseUrl, ownService } from './own-service';

/**
 * Moderation, end to end: a report reaches a moderator, who removes the post and suspends its
 * owner; the reporter hears of it; the owner appeals from the suspension page; the moderator
 * accepts and everything returns. The moderator is made one by the operator's command, which on
 * the embedded database only runs while the service is stopped: so this journey has a service of
 * its own (as terms.e2e.ts does), stopped once for the command and started again on the same data.
 */
const service = ownService('moderation');
const ORIGIN = service.origin;
const SHOTS = process.env.MODERATION_SHOTS_DIR ?? path.join(os.tmpdir(), 'moderation-web-shots');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

let address = 10;

interface Person {
  username: string;
  password: string;
  id: string;
  api: APIRequestContext;
}

/** Each person comes from an address of their own, as real visitors do (the login limits are per address). */
const nextAddress = () => `198.51.100.${(address += 1)}`;

async function csrf(api: APIRequestContext): Promise<string> {
  return (await (await api.get('/data/shared_data/')).json()).config.csrf_token as string;
}

async function post(api: APIRequestContext, url: string, form: Record<string, string> = {}) {
  return api.post(url, { form, headers: { 'x-csrftoken': await csrf(api) } });
}

async function signUp(prefix: string): Promise<Person> {
  const person = uniquePerson(prefix);
  const api = await request.newContext({ baseURL: ORIGIN, extraHTTPHeaders: { 'x-forwarded-for': nextAddress() } });
  const made = await post(api, '/accounts/web_create_ajax/', {
    email: person.email, username: person.username, password: person.password, first_name: person.fullName, year: '1990', month: '5', day: '6',
  });
  expect(made.ok(), await made.text()).toBe(true);
  const profile = await (await api.get(`/${person.username}/?__a=1`)).json();
  return { username: person.username, password: person.password, id: profile.graphql.user.id as string, api };
}

async function publish(person: Person, caption: string, color: { r: number; g: number; b: number }): Promise<{ id: string; shortcode: string }> {
  const buffer = await sharp({ create: { width: 900, height: 900, channels: 3, background: color, noise: { type: 'gaussian', mean: 120, sigma: 40 } } }).jpeg().toBuffer();
  const uploadId = `mod${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const uploaded = await person.api.post('/create/upload/photo/', {
    multipart: { upload_id: uploadId, photo: { name: 'p.jpg', mimeType: 'image/jpeg', buffer } }, headers: { 'x-csrftoken': await csrf(person.api) },
  });
  expect(uploaded.ok()).toBe(true);
  const made = await post(person.api, '/create/configure/', { upload_id: uploadId, caption });
  expect(made.ok()).toBe(true);
  return (await made.json()).media;
}

/** Files a report of a post as spam, through the same screens the report dialog asks for. */
async function reportAsSpam(reporter: Person, mediaId: string): Promise<void> {
  const ask = async (fields: Record<string, string>) => {
    const res = await post(reporter.api, '/reports/web/get_frx_prompt/', { object_type: 'media', object_id: mediaId, ...fields });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()).response as { context: string; screen_type: number };
  };
  const first = await ask({ frx_prompt_request_type: '1', selected_tag_types: '[]' });
  const done = await ask({ frx_prompt_request_type: '2', selected_tag_types: JSON.stringify(['spam']), context: first.context });
  expect(done.screen_type).toBe(2);
}

/** A browser logged in as the person (their API session's cookies). */
async function browse(browser: Browser, person: Person | null): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: ORIGIN, viewport: DESKTOP, extraHTTPHeaders: { 'x-forwarded-for': nextAddress() },
    ...(person ? { storageState: await person.api.storageState() } : {}),
  });
  return { context, page: await context.newPage() };
}

/** The same screen at a phone's size and a desktop's, for looking at. */
async function shoot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SHOTS, `${name}-phone.png`), fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SHOTS, `${name}-desktop.png`), fullPage: true });
}

const notAvailable = (page: Page) => page.getByRole('heading', { name: "Sorry, this page isn't available." });

const people: Record<'moderator' | 'owner' | 'reporter' | 'member' | 'artist', Person> = {} as never;
const tag = `modtag${Date.now().toString(36)}`;
let reported: { id: string; shortcode: string };
let graphic: { id: string; shortcode: string };

test.describe('moderation', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    await service.start();
    for (const role of ['moderator', 'owner', 'reporter', 'member', 'artist'] as const) people[role] = await signUp(role.slice(0, 3));
    reported = await publish(people.owner, `Sunset over the bay #${tag}`, { r: 240, g: 120, b: 40 });
    graphic = await publish(people.artist, 'Studio work in progress', { r: 120, g: 20, b: 20 });
    expect((await post(people.member.api, `/web/friendships/${people.owner.id}/follow/`)).ok()).toBe(true);

    // The operator's command, while the service is stopped (as the embedded database needs; PostgreSQL would not mind).
    await service.stop();
    const command = spawnSync('npm', ['run', '--silent', 'admin', '--', 'role', people.moderator.username, 'moderator'], {
      cwd: service.root, env: { ...process.env, DATA_DIR: service.dataDir, DATABASE_URL: ownDatabaseUrl(), LOG_LEVEL: 'warn' }, encoding: 'utf8',
    });
    expect(command.status, `${command.stdout}\n${command.stderr}`).toBe(0);
    await service.start();

    await reportAsSpam(people.reporter, reported.id);
    await reportAsSpam(people.reporter, graphic.id);
  });

  test.afterAll(async () => {
    for (const person of Object.values(people)) await person?.api.dispose();
    await service.dispose();
  });

  test('a member does not see the queue, and the admin API answers a member 403', async ({ browser }) => {
    const res = await people.member.api.get('/api/v1/admin/reports/');
    expect(res.status()).toBe(403);
    expect(await res.json()).toMatchObject({ status: 'fail', error_type: 'not_moderator' });
    const { context, page } = await browse(browser, people.member);
    await page.goto('/admin/reports/');
    await expect(notAvailable(page)).toBeVisible();
    await expect(page.getByText(people.owner.username)).toHaveCount(0);
    // A click before hydration is lost: open the menu until it shows.
    const settings = page.getByRole('menuitem', { name: 'Settings' });
    await expect(async () => {
      if (!(await settings.isVisible())) await page.getByRole('button', { name: 'Account menu' }).click();
      await expect(settings).toBeVisible({ timeout: 1_500 });
    }).toPass();
    await expect(page.getByRole('menuitem', { name: 'Moderation' })).toHaveCount(0);
    await context.close();
  });

  test('the moderator removes the reported post: it is gone from the feed, the profile and the tag page', async ({ browser }) => {
    const member = await browse(browser, people.member);
    await member.page.goto('/');
    await expect(member.page.getByText('Sunset over the bay').first()).toBeVisible();

    const { context, page } = await browse(browser, people.moderator);
    await page.goto('/');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Moderation' }).click();
    await expect(page).toHaveURL(/\/admin\/reports\/$/);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: `Review report about ${people.owner.username}` }) });
    await expect(card).toBeVisible();
    await expect(card.getByText("It's spam")).toBeVisible();
    await expect(card.getByText('1 person reported this')).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'queue');

    await card.getByRole('link', { name: `Review report about ${people.owner.username}` }).click();
    await expect(page.getByRole('heading', { name: 'Actions' })).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'report');
    await page.getByRole('button', { name: 'Remove post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove post' });
    await dialog.getByLabel(`Note for ${people.owner.username}`).fill('Please keep to the guidelines.');
    await expectAccessible(page);
    await shoot(page, 'action-dialog');
    await dialog.getByRole('button', { name: 'Remove post' }).click();
    await expect(page.getByText('Post removed')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('Removed', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reopen' })).toBeVisible();

    await member.page.goto('/');
    await expect(member.page.getByText('Sunset over the bay')).toHaveCount(0);
    await member.page.goto(`/${people.owner.username}/`);
    await expect(member.page.getByRole('heading', { name: people.owner.username }).first()).toBeVisible();
    await expect(member.page.locator(`a[href="/p/${reported.shortcode}/"]`)).toHaveCount(0);
    await member.page.goto(`/explore/tags/${tag}/`);
    await expect(member.page.locator(`a[href="/p/${reported.shortcode}/"]`)).toHaveCount(0);
    await member.page.goto(`/p/${reported.shortcode}/`);
    await expect(notAvailable(member.page)).toBeVisible();
    await member.context.close();
    await context.close();
  });

  test('the moderator suspends the owner: the profile and search lose them, their session ends', async ({ browser }) => {
    const found = await (await people.member.api.get(`/web/search/topsearch/?query=${people.owner.username}&context=blended`)).json();
    expect(found.users.map((u: { user: { username: string } }) => u.user.username)).toContain(people.owner.username);

    const { context, page } = await browse(browser, people.moderator);
    await page.goto('/admin/reports/?state=resolved');
    await page.getByRole('link', { name: `Review report about ${people.owner.username}` }).first().click();
    // The post's report is resolved by its removal; its owner is still suspended from it.
    await expect(page.getByRole('button', { name: 'Reopen' })).toBeVisible();
    await page.getByRole('button', { name: 'Suspend' }).click();
    const dialog = page.getByRole('dialog', { name: 'Suspend' });
    await expect(dialog.getByText('Their data is kept for 30 days')).toBeVisible();
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await expect(page.getByText(`${people.owner.username} suspended`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Unsuspend' })).toBeVisible();

    const member = await browse(browser, people.member);
    await member.page.goto(`/${people.owner.username}/`);
    await expect(notAvailable(member.page)).toBeVisible();
    const after = await (await people.member.api.get(`/web/search/topsearch/?query=${people.owner.username}&context=blended`)).json();
    expect(after.users.map((u: { user: { username: string } }) => u.user.username)).not.toContain(people.owner.username);
    const shared = await (await people.owner.api.get('/data/shared_data/')).json();
    expect(shared.config.viewer).toBeNull();

    await page.goto('/admin/audit_log/');
    const rows = page.getByRole('table', { name: 'Audit log' }).getByRole('row');
    await expect(rows.filter({ hasText: 'Suspended' }).filter({ hasText: people.moderator.username })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'Removed' }).filter({ hasText: people.owner.username })).toHaveCount(1);
    await shoot(page, 'audit-log');
    await member.context.close();
    await context.close();
  });

  test('the reporter is told the report was reviewed', async ({ browser }) => {
    const { context, page } = await browse(browser, people.reporter);
    await page.goto('/accounts/activity/');
    await expect(page.getByText(/We reviewed it and removed the post/)).toBeVisible();
    await context.close();
  });

  test('the owner cannot log in: the suspension page shows why, and they ask for a review', async ({ browser }) => {
    const { context, page } = await browse(browser, null);
    await page.goto('/accounts/login/');
    await page.getByLabel('Username or email').fill(people.owner.username);
    await page.getByLabel('Password', { exact: true }).fill(people.owner.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/accounts\/suspended\/$/);
    await expect(page.getByRole('heading', { name: 'Your account has been suspended' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'We suspended your account' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'We removed your post' })).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'suspended');
    for (const heading of ['We suspended your account', 'We removed your post']) {
      const strike = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: heading }) });
      await strike.getByRole('button', { name: 'Request a review' }).click();
      await strike.getByLabel('Tell us why you think we got this wrong').fill('That was my own photo of the bay, not spam.');
      await strike.getByRole('button', { name: 'Send' }).click();
      await expect(strike.getByText('In review', { exact: true })).toBeVisible();
      await expect(strike.getByRole('button', { name: 'Request a review' })).toHaveCount(0);
    }
    await context.close();
  });

  test('the moderator accepts the appeals: the post and the profile return, and the owner logs in', async ({ browser }) => {
    const { context, page } = await browse(browser, people.moderator);
    await page.goto('/admin/appeals/');
    const appeals = page.getByRole('listitem', { name: `${people.owner.username} wrote` });
    await expect(appeals).toHaveCount(2);
    await shoot(page, 'appeals');
    for (let i = 0; i < 2; i += 1) {
      await appeals.first().getByRole('button', { name: 'Accept' }).click();
      await page.getByRole('dialog', { name: 'Accept' }).getByRole('button', { name: 'Accept' }).click();
      await expect(page.getByText('Appeal accepted').first()).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
    await expect(page.getByRole('button', { name: 'Accept' })).toHaveCount(0);

    const member = await browse(browser, people.member);
    await member.page.goto(`/${people.owner.username}/`);
    await expect(member.page.locator(`a[href="/p/${reported.shortcode}/"]`)).toBeVisible();
    await member.page.goto(`/p/${reported.shortcode}/`);
    await expect(member.page.getByText('Sunset over the bay').first()).toBeVisible();

    const owner = await browse(browser, null);
    await owner.page.goto('/accounts/login/');
    await owner.page.getByLabel('Username or email').fill(people.owner.username);
    await owner.page.getByLabel('Password', { exact: true }).fill(people.owner.password);
    await owner.page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(owner.page).toHaveURL(/\/accounts\/onetap\//);
    await owner.page.goto('/accounts/strikes/');
    await expect(owner.page.getByText('Accepted — we restored what we took down.')).toHaveCount(2);
    await owner.context.close();
    await member.context.close();
    await context.close();
  });

  test('a post marked sensitive shows behind a warning until the viewer chooses to see it', async ({ browser }) => {
    const { context, page } = await browse(browser, people.moderator);
    await page.goto('/admin/reports/');
    await page.getByRole('link', { name: `Review report about ${people.artist.username}` }).click();
    await page.getByRole('button', { name: 'Mark sensitive' }).click();
    await page.getByRole('dialog', { name: 'Mark sensitive' }).getByRole('button', { name: 'Mark sensitive' }).click();
    await expect(page.getByText('Marked sensitive').first()).toBeVisible();

    // Nothing left to review; and a queue that fails to load says so and offers to try again.
    await page.goto('/admin/reports/');
    await expect(page.getByRole('heading', { name: 'No open reports' })).toBeVisible();
    await shoot(page, 'queue-empty');
    await page.route('**/api/v1/admin/reports/**', (route) => route.fulfill({ status: 500, json: { status: 'fail', message: 'Unavailable' } }));
    await page.reload();
    await expect(page.getByRole('alert').filter({ hasText: "This couldn't be loaded" })).toBeVisible({ timeout: 15_000 });
    await shoot(page, 'queue-error');
    await page.unroute('**/api/v1/admin/reports/**');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'No open reports' })).toBeVisible();
    await context.close();

    const member = await browse(browser, people.member);
    await member.page.goto(`/p/${graphic.shortcode}/`);
    const cover = member.page.getByRole('group', { name: 'Sensitive content' });
    await expect(cover.getByText('This photo may contain graphic or violent content.')).toBeVisible();
    await shoot(member.page, 'sensitive-post');
    await cover.getByRole('button', { name: 'See photo' }).click();
    await expect(cover).toHaveCount(0);
    await member.page.goto(`/${people.artist.username}/`);
    await expect(member.page.getByRole('img', { name: 'Sensitive content' })).toBeVisible();
    await shoot(member.page, 'sensitive-tile');
    await member.context.close();

    const artist = await browse(browser, people.artist);
    await artist.page.goto('/accounts/activity/');
    await artist.page.getByRole('link', { name: /sensitive content warning/ }).click();
    await expect(artist.page).toHaveURL(/\/accounts\/strikes\/$/);
    await expect(artist.page.getByRole('heading', { name: 'We marked your post as sensitive' })).toBeVisible();
    await expect(artist.page.getByRole('button', { name: 'Request a review' })).toBeVisible();
    await expectAccessible(artist.page);
    await shoot(artist.page, 'strikes');
    await artist.context.close();
  });
});
