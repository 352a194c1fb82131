import type { Browser, Locator, Page, Request } from '@playwright/test';
import sharp from 'sharp';
import { expect, expectAccessible, publishPhoto, signUpThroughApi, test } from './fixtures.js';
import { ownService } from './own-service.js';

/**
 * Reporting (spec 001 "Reporting", "Reporting flow"): the guided screens the service sends, from
 * the Report item of a post, a profile, a comment, a story and a direct message, to the
 * confirmation and its follow-ups.
 */

const PROMPT = '/reports/web/get_frx_prompt/';

async function session(page: Page): Promise<{ id: string; token: string }> {
  const shared = await (await page.request.get('/data/shared_data/')).json();
  return { id: shared.config.viewer.id as string, token: shared.config.csrf_token as string };
}

/** Someone else, in a browser of their own, signed up through the API. */
async function otherPerson(browser: Browser, baseURL: string | undefined, prefix: string, address: string) {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': address } });
  const page = await context.newPage();
  const person = await signUpThroughApi(page, prefix);
  const { id, token } = await session(page);
  return { page, id, token, ...person };
}

async function post(page: Page, url: string, form: Record<string, string> = {}) {
  const { token } = await session(page);
  const res = await page.request.post(url, { form, headers: { 'x-csrftoken': token } });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

async function postStory(page: Page): Promise<string> {
  const { token } = await session(page);
  const buffer = await sharp({ create: { width: 540, height: 960, channels: 3, background: { r: 60, g: 140, b: 250 } } }).jpeg().toBuffer();
  const uploadId = `rs${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const uploaded = await page.request.post('/create/upload/photo/', { multipart: { upload_id: uploadId, photo: { name: 's.jpg', mimeType: 'image/jpeg', buffer } }, headers: { 'x-csrftoken': token } });
  expect(uploaded.ok()).toBe(true);
  return (await post(page, '/create/configure_to_story/', { upload_id: uploadId, story_stickers: '[]' })).media.id as string;
}

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Report' });
const formOf = (request: Request) => new URLSearchParams(request.postData() ?? '');
const isPrompt = (request: Request) => request.url().endsWith(PROMPT) && request.method() === 'POST';

/** Picks a reason on the current screen, checking that the pick is logged before the next screen is asked for. */
async function pickReason(page: Page, text: string, tagType: string): Promise<void> {
  const order: string[] = [];
  const listen = (r: Request) => {
    if (r.url().endsWith('/reports/web/log_tag_selected/') && formOf(r).get('tag_type') === tagType) order.push('log');
    else if (isPrompt(r) && formOf(r).get('selected_tag_types')?.includes(`"${tagType}"`)) order.push('prompt');
  };
  page.on('request', listen);
  const logged = page.waitForRequest((r) => r.url().endsWith('/reports/web/log_tag_selected/') && formOf(r).get('tag_type') === tagType);
  const asked = page.waitForRequest((r) => isPrompt(r) && formOf(r).get('selected_tag_types')?.includes(`"${tagType}"`) === true);
  await dialog(page).getByRole('button', { name: text }).click();
  await Promise.all([logged, asked]);
  page.off('request', listen);
  expect(order).toEqual(['log', 'prompt']);
}

async function openPostReport(page: Page, shortcode: string) {
  await page.goto(`/p/${shortcode}/`);
  const menu = page.getByRole('main').getByRole('button', { name: 'More options' });
  const item = page.getByRole('menuitem', { name: 'Report' });
  await openMenuFor(menu, item);
  await item.click();
  await expect(dialog(page).getByRole('heading', { name: 'Why are you reporting this post?' })).toBeVisible();
}

/** The reporter follows the owner, who has a post. */
async function ownerWithPost(page: Page, browser: Browser, baseURL: string | undefined, address: string) {
  await signUpThroughApi(page, 'rep');
  const owner = await otherPerson(browser, baseURL, 'own', address);
  const media = await publishPhoto(owner.page, 'A post to report');
  await post(page, `/web/friendships/${owner.id}/follow/`);
  return { owner, media };
}

const busyBody = (page: Page): Locator => dialog(page).locator('[aria-busy="true"]');

/**
 * Opens a menu and waits for `item`. The page comes rendered by the server, so a click before its
 * script takes over opens nothing: the button is clicked again while it says it is closed (a click
 * on an open one, whose items are still being drawn on a busy machine, would close it).
 */
async function openMenuFor(menu: Locator, item: Locator): Promise<void> {
  await expect(async () => {
    if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
    await expect(item).toBeVisible({ timeout: 2_000 });
  }).toPass();
}

test.describe('reporting', () => {
  test('R-001-reporting-5 R-001-reporting-6 R-001-reporting-8 R-001-reporting-9 R-001-reporting-14 R-001-reporting-15: a post reported through a reason list, its narrower reasons, Back, a policy, the confirmation, then its owner blocked @mobile', async ({ page, browser, baseURL }) => {
    const { owner, media } = await ownerWithPost(page, browser, baseURL, '198.51.100.21');
    await openPostReport(page, media.shortcode);
    // The first screen: a list, no Back.
    await expect(dialog(page).getByRole('button', { name: 'Back' })).toHaveCount(0);

    // A reason that narrows: a second tag selection, as radio buttons, asked with a submit (2).
    const narrow = page.waitForRequest((r) => isPrompt(r) && formOf(r).get('frx_prompt_request_type') === '2');
    await pickReason(page, 'Hate speech or symbols', 'hate_speech');
    expect(JSON.parse(formOf(await narrow).get('selected_tag_types')!)).toEqual(['hate_speech']);
    await expect(dialog(page).getByRole('heading', { name: 'Who is the hate speech directed at?' })).toBeVisible();
    await expect(dialog(page).getByRole('radio', { name: 'Religious affiliation' })).toBeVisible();

    // Back pops it: the list is the current screen again.
    await dialog(page).getByRole('button', { name: 'Back' }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Why are you reporting this post?' })).toBeVisible();
    await expect(dialog(page).getByRole('button', { name: 'Back' })).toHaveCount(0);

    // A reason with a policy first: the policy continues with its own request type (4).
    await pickReason(page, 'False information', 'false_information');
    await expect(dialog(page).getByRole('heading', { name: 'False information' })).toBeVisible();
    await expect(dialog(page).getByRole('link', { name: /How fact-checking works/ })).toHaveAttribute('target', '_blank');
    const filing = page.waitForRequest((r) => isPrompt(r) && formOf(r).get('frx_prompt_request_type') === '4');
    await dialog(page).getByRole('button', { name: 'Submit report' }).click();
    expect(JSON.parse(formOf(await filing).get('selected_tag_types')!)).toEqual(['false_information']);

    // The confirmation ends the flow: no Back, and the follow-ups.
    await expect(dialog(page).getByRole('heading', { name: 'Thanks for letting us know' })).toBeVisible();
    await expect(dialog(page).getByRole('button', { name: 'Back' })).toHaveCount(0);
    await expect(dialog(page).getByRole('button', { name: `Unfollow ${owner.username}` })).toBeVisible();
    await expectAccessible(page);
    const guided = page.waitForRequest((r) => r.url().endsWith('/reports/web/handle_guided_action/'));
    await dialog(page).getByRole('button', { name: `Block ${owner.username}` }).click();
    expect(Object.fromEntries(formOf(await guided))).toMatchObject({ action: 'block', object_type: 'media', object_id: media.id });
    await expect(dialog(page).getByRole('status').filter({ hasText: `You blocked ${owner.username}.` })).toBeVisible();
    await dialog(page).getByRole('button', { name: 'Close', exact: true }).first().click();
    await expect(dialog(page)).toHaveCount(0);

    await page.goto(`/${owner.username}/`);
    await expect(page.getByRole('main').getByRole('button', { name: 'Unblock' })).toBeVisible();
  });

  test('R-001-reporting-7: an answer that comes after the person moved on is ignored', async ({ page, browser, baseURL }) => {
    const { media } = await ownerWithPost(page, browser, baseURL, '198.51.100.22');
    await openPostReport(page, media.shortcode);
    await pickReason(page, 'Hate speech or symbols', 'hate_speech');
    // The filing of the narrower reason is held, and then answers a screen of its own.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${PROMPT}`, async (route) => {
      if (!formOf(route.request()).get('selected_tag_types')?.includes('hate_speech_race')) return route.continue();
      await held;
      const stale = { screen_type: 2, context: 'stale', title: 'A stale screen', buttons: [], next_request_type: null, problem_report_path: '/reports/web/problem/' };
      await route.fulfill({ json: { response: stale, status: 'ok' } });
    });
    await dialog(page).getByRole('radio', { name: 'Race or ethnicity' }).check();
    await dialog(page).getByRole('button', { name: 'Submit report' }).click();
    await expect(busyBody(page)).toHaveCount(1);
    await dialog(page).getByRole('button', { name: 'Back' }).click();
    await pickReason(page, 'False information', 'false_information');
    await expect(dialog(page).getByRole('heading', { name: 'False information' })).toBeVisible();
    const answered = page.waitForResponse((r) => r.url().endsWith(PROMPT) && r.request().postData()?.includes('hate_speech_race') === true);
    release();
    await answered;
    await page.waitForTimeout(300);
    await expect(dialog(page).getByRole('heading', { name: 'False information' })).toBeVisible();
    await expect(dialog(page).getByText('A stale screen')).toHaveCount(0);
  });

  test('R-001-reporting-10 R-001-reporting-11: the dialog is busy while a report is sent, and not after its failure or its success', async ({ page, browser, baseURL }) => {
    const { media } = await ownerWithPost(page, browser, baseURL, '198.51.100.23');
    await openPostReport(page, media.shortcode);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let failedOnce = false;
    await page.route(`**${PROMPT}`, async (route) => {
      if (failedOnce || formOf(route.request()).get('frx_prompt_request_type') !== '2') return route.continue();
      failedOnce = true;
      await held;
      await route.fulfill({ status: 500, json: { status: 'fail', message: 'The service is having a moment.' } });
    });
    await dialog(page).getByRole('button', { name: "It's spam" }).click();
    await expect(busyBody(page)).toHaveCount(1);
    await expect(dialog(page).getByRole('status', { name: 'Sending your report' })).toBeVisible();
    await expect(dialog(page).getByRole('button', { name: 'Scam or fraud' })).toBeDisabled();
    release();
    await expect(dialog(page).getByRole('alert')).toContainText('The service is having a moment.');
    await expect(busyBody(page)).toHaveCount(0);
    await expect(dialog(page).getByRole('button', { name: 'Scam or fraud' })).toBeEnabled();
    await dialog(page).getByRole('button', { name: 'Try again' }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Thanks for letting us know' })).toBeVisible();
    await expect(busyBody(page)).toHaveCount(0);
    await expect(dialog(page).getByRole('alert')).toHaveCount(0);
  });

  test('R-001-reporting-16: a profile reported as pretending to be someone, with who it pretends to be; a problem report goes where the screen says', async ({ page, browser, baseURL }) => {
    await signUpThroughApi(page, 'rep');
    const owner = await otherPerson(browser, baseURL, 'own', '198.51.100.24');
    await page.goto(`/${owner.username}/`);
    const menu = page.getByRole('main').getByRole('button', { name: 'Profile options' });
    const item = page.getByRole('menuitem', { name: 'Report' });
    await openMenuFor(menu, item);
    await item.click();
    await expect(dialog(page).getByRole('heading', { name: 'Why are you reporting this account?' })).toBeVisible();

    const [screen] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(PROMPT) && r.request().postData()?.includes('impersonation') === true),
      pickReason(page, 'Pretending to be someone', 'impersonation'),
    ]);
    const problemPath = ((await screen.json()) as { response: { problem_report_path: string } }).response.problem_report_path;
    await expect(dialog(page).getByRole('heading', { name: 'Who are they pretending to be?' })).toBeVisible();

    await dialog(page).getByRole('button', { name: 'Report a problem' }).click();
    await dialog(page).getByRole('textbox', { name: 'What went wrong?' }).fill('The reasons do not fit what I saw.');
    const sent = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === problemPath);
    await dialog(page).getByRole('button', { name: 'Send' }).click();
    expect(formOf(await sent).get('text')).toBe('The reasons do not fit what I saw.');
    await expect(dialog(page).getByText('Thanks. Your feedback was sent.')).toBeVisible();

    const victim = page.waitForRequest((r) => isPrompt(r) && formOf(r).get('frx_prompt_request_type') === '3');
    await dialog(page).getByRole('button', { name: 'Me', exact: true }).click();
    expect(formOf(await victim).get('victim')).toBe('me');
    await expect(dialog(page).getByRole('heading', { name: 'Thanks for letting us know' })).toBeVisible();
    await expect(dialog(page).getByRole('button', { name: `Block ${owner.username}` })).toBeVisible();
  });

  test('R-001-reporting-12: a comment report closed halfway starts again from its first screen', async ({ page, browser, baseURL }) => {
    const { owner, media } = await ownerWithPost(page, browser, baseURL, '198.51.100.25');
    await post(owner.page, `/web/comments/${media.id}/add/`, { comment_text: 'A comment to report' });
    await page.goto(`/p/${media.shortcode}/`);
    const report = page.getByRole('button', { name: `Report comment by ${owner.username}` });
    await report.click();
    await expect(dialog(page).getByRole('heading', { name: 'Why are you reporting this comment?' })).toBeVisible();
    await pickReason(page, 'Hate speech or symbols', 'hate_speech');
    await dialog(page).getByRole('radio', { name: 'Religious affiliation' }).check();
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    await expect(dialog(page)).toHaveCount(0);

    await report.click();
    await expect(dialog(page).getByRole('heading', { name: 'Why are you reporting this comment?' })).toBeVisible();
    await expect(dialog(page).getByRole('button', { name: 'Back' })).toHaveCount(0);
    await expect(dialog(page).getByRole('radio')).toHaveCount(0);
    await pickReason(page, 'Hate speech or symbols', 'hate_speech');
    await expect(dialog(page).getByRole('radio', { name: 'Religious affiliation' })).not.toBeChecked();
    await dialog(page).getByRole('radio', { name: 'Religious affiliation' }).check();
    const filing = page.waitForRequest((r) => isPrompt(r) && formOf(r).get('selected_tag_types') === '["hate_speech","hate_speech_religion"]');
    await dialog(page).getByRole('button', { name: 'Submit report' }).click();
    expect(formOf(await filing).get('object_type')).toBe('comment');
    await expect(dialog(page).getByRole('heading', { name: 'Thanks for letting us know' })).toBeVisible();
  });

  test('a story is reported from the viewer\'s menu, and the story stays paused meanwhile', async ({ page, browser, baseURL }) => {
    await signUpThroughApi(page, 'rep');
    const owner = await otherPerson(browser, baseURL, 'own', '198.51.100.26');
    const storyId = await postStory(owner.page);
    await post(page, `/web/friendships/${owner.id}/follow/`);
    await page.goto(`/stories/${owner.username}/`);
    const viewer = page.getByRole('dialog', { name: /stories$/i });
    await viewer.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('menuitem', { name: 'Report' }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Why are you reporting this story?' })).toBeVisible();
    const filing = page.waitForRequest((r) => isPrompt(r) && formOf(r).get('frx_prompt_request_type') === '2');
    await pickReason(page, 'Scam or fraud', 'scam');
    expect(Object.fromEntries(formOf(await filing))).toMatchObject({ object_type: 'story', object_id: storyId });
    await expect(dialog(page).getByRole('heading', { name: 'Thanks for letting us know' })).toBeVisible();
    // Five seconds would have ended the story had it not been paused.
    await page.waitForTimeout(5_500);
    await expect(viewer).toBeVisible();
    await dialog(page).getByRole('button', { name: 'Close', exact: true }).first().click();
    await expect(dialog(page)).toHaveCount(0);
  });

  test('a direct message is reported from its options', async ({ page, browser, baseURL }) => {
    const me = await signUpThroughApi(page, 'rep');
    const { id: myId } = await session(page);
    const owner = await otherPerson(browser, baseURL, 'own', '198.51.100.27');
    const thread = await post(owner.page, '/direct_v2/web/create_group_thread/', { recipient_users: JSON.stringify([myId]) });
    const threadId = thread.thread_id as string;
    await post(owner.page, '/direct_v2/web/threads/broadcast/link/', { thread_id: threadId, link_text: 'Win a prize at https://example.org/prize', link_urls: JSON.stringify(['https://example.org/prize']) });
    await post(page, '/direct_v2/web/threads/approve_multiple/', { thread_ids: JSON.stringify([threadId]) });
    expect(me.username).toBeTruthy();

    await page.goto(`/direct/t/${threadId}/`);
    const row = page.getByRole('log', { name: 'Messages' }).getByRole('listitem').filter({ hasText: 'Win a prize' });
    await row.hover();
    await row.getByRole('button', { name: 'Message options' }).click();
    await page.getByRole('menuitem', { name: 'Report' }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Why are you reporting this message?' })).toBeVisible();
    const filing = page.waitForRequest((r) => isPrompt(r) && formOf(r).get('frx_prompt_request_type') === '2');
    await pickReason(page, "I just don't like it", 'dont_like');
    expect(formOf(await filing).get('object_type')).toBe('direct_message');
    await expect(dialog(page).getByRole('heading', { name: 'Thanks for letting us know' })).toBeVisible();
    await expect(dialog(page).getByRole('button', { name: `Block ${owner.username}` })).toBeVisible();
  });

  test('nothing of one\'s own, nor a logged-out visitor, has a Report item', async ({ page, browser, baseURL }) => {
    const { owner, media } = await ownerWithPost(page, browser, baseURL, '198.51.100.28');
    await owner.page.goto(`/p/${media.shortcode}/`);
    const menu = owner.page.getByRole('main').getByRole('button', { name: 'More options' });
    const deleteItem = owner.page.getByRole('menuitem', { name: 'Delete' });
    await openMenuFor(menu, deleteItem);
    await expect(owner.page.getByRole('menuitem', { name: 'Report' })).toHaveCount(0);

    const visitor = await (await browser.newContext({ baseURL })).newPage();
    await visitor.goto(`/p/${media.shortcode}/`);
    const visitorMenu = visitor.getByRole('main').getByRole('button', { name: 'More options' });
    const copy = visitor.getByRole('menuitem', { name: 'Copy link' });
    await openMenuFor(visitorMenu, copy);
    await expect(visitor.getByRole('menuitem', { name: 'Report' })).toHaveCount(0);
  });
});

/** An operator turns reporting of comments off (REPORTING_COMMENT=false): a service of its own. */
const switches = ownService('reportingSwitches');
const ORIGIN = switches.origin;

test.describe('reporting switched off per type', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    await switches.start({ REPORTING_COMMENT: 'false' });
  });

  test.afterAll(async () => {
    await switches.dispose();
  });

  test('R-001-reporting-13: with comment reporting off, comments have no Report while the post keeps its own', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: ORIGIN });
    const page = await context.newPage();
    await signUpThroughApi(page, 'rep');
    const owner = await otherPerson(browser, ORIGIN, 'own', '198.51.100.29');
    const media = await publishPhoto(owner.page, 'A post with a comment');
    await post(owner.page, `/web/comments/${media.id}/add/`, { comment_text: 'A comment nobody can report here' });
    const shared = await (await page.request.get('/data/shared_data/')).json();
    expect(shared.reporting).toMatchObject({ comment: false, media: true });

    await page.goto(`/p/${media.shortcode}/`);
    await expect(page.getByText('A comment nobody can report here')).toBeVisible();
    await expect(page.getByRole('button', { name: `Report comment by ${owner.username}` })).toHaveCount(0);
    await openPostReport(page, media.shortcode);
    await context.close();
  });
});
