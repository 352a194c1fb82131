import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { declineSaveLoginInfo, expect, expectAccessible, signUpInBrowser, test } from './fixtures.js';

async function session(page: Page): Promise<{ id: string; token: string }> {
  const shared = await (await page.request.get('/data/shared_data/')).json();
  return { id: shared.config.viewer.id as string, token: shared.config.csrf_token as string };
}

/** Posts a generated 9:16 photo story as whoever is logged in on `page`, through the API. */
async function postStory(page: Page, color = { r: 60, g: 140, b: 250 }, stickers: unknown[] = []): Promise<string> {
  const { token } = await session(page);
  const buffer = await sharp({ create: { width: 540, height: 960, channels: 3, background: color } }).jpeg().toBuffer();
  const uploadId = `st${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const uploaded = await page.request.post('/create/upload/photo/', { multipart: { upload_id: uploadId, photo: { name: 's.jpg', mimeType: 'image/jpeg', buffer } }, headers: { 'x-csrftoken': token } });
  expect(uploaded.ok()).toBe(true);
  const made = await page.request.post('/create/configure_to_story/', { form: { upload_id: uploadId, story_stickers: JSON.stringify(stickers) }, headers: { 'x-csrftoken': token } });
  expect(made.ok(), await made.text()).toBe(true);
  return (await made.json()).media.id as string;
}

async function follow(page: Page, userId: string): Promise<void> {
  const { token } = await session(page);
  const done = await page.request.post(`/web/friendships/${userId}/follow/`, { headers: { 'x-csrftoken': token } });
  expect(done.ok()).toBe(true);
}

/** Someone else with stories, in a browser of their own. */
async function storyteller(browser: Browser, prefix: string, address: string, stories: number) {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': address } });
  const page = await context.newPage();
  const person = await signUpInBrowser(page, prefix);
  const { id } = await session(page);
  const items: string[] = [];
  for (let i = 0; i < stories; i++) items.push(await postStory(page, { r: 40 + i * 80, g: 120, b: 200 - i * 60 }));
  return { page, id, items, ...person };
}

const tray = (page: Page) => page.getByRole('navigation', { name: 'Stories' });
const viewer = (page: Page) => page.getByRole('dialog', { name: /stories$/i });

test.describe('stories', () => {
  test('watch a story from the tray: progress, keys, the address follows the reels, Escape returns home, the ring turns grey @mobile', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const first = await storyteller(browser, 'sta', '198.51.100.61', 2);
    const second = await storyteller(browser, 'stb', '198.51.100.62', 1);
    await signUpInBrowser(page, 'stw');
    await follow(page, first.id);
    await follow(page, second.id);
    await page.goto('/');
    // Unseen reels first, the newest first: the second storyteller leads.
    const secondLink = tray(page).getByRole('link', { name: `${second.username}'s story, not seen yet` });
    await expect(secondLink).toBeVisible();
    await expect(tray(page).getByRole('link', { name: `${first.username}'s story, not seen yet` })).toBeVisible();
    await expect(tray(page).getByRole('link', { name: 'Add to your story' })).toBeVisible();
    await expectAccessible(page);

    await secondLink.click();
    await expect(page).toHaveURL(new RegExp(`/stories/${second.username}/$`));
    await expect(viewer(page)).toBeVisible();
    await expect(page.getByText(`Story 1 of 1 by ${second.username}`)).toBeAttached();
    await expectAccessible(page);
    // A photo shows for five seconds, then the next reel (loaded first), whose address replaces this one.
    await expect(page.getByText(`Story 1 of 2 by ${first.username}`)).toBeAttached({ timeout: 15_000 });
    await expect(page).toHaveURL(new RegExp(`/stories/${first.username}/$`));
    await page.keyboard.press('ArrowRight');
    await expect(page.getByText(`Story 2 of 2 by ${first.username}`)).toBeAttached();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByText(`Story 1 of 2 by ${first.username}`)).toBeAttached();
    // Space pauses: the story stays past its five seconds.
    await page.keyboard.press('Space');
    await page.waitForTimeout(5_500);
    await expect(page.getByText(`Story 1 of 2 by ${first.username}`)).toBeAttached();
    await page.keyboard.press('Space');
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/$/);
    await expect(tray(page).getByRole('link', { name: `${second.username}'s story`, exact: true })).toBeVisible();
    await first.page.context().close();
    await second.page.context().close();
  });

  test('the owner sees who watched; a reply lands in their direct messages', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const owner = await storyteller(browser, 'sto', '198.51.100.63', 1);
    const watcher = await signUpInBrowser(page, 'stv');
    await follow(page, owner.id);
    // Following each other: the reply reaches the owner's inbox rather than their requests.
    await follow(owner.page, (await session(page)).id);
    await page.goto(`/stories/${owner.username}/`);
    await expect(page.getByText(`Story 1 of 1 by ${owner.username}`)).toBeAttached();
    const reply = page.getByRole('textbox', { name: 'Send message' });
    await reply.fill('Lovely light');
    await reply.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Sent' })).toBeVisible();

    await owner.page.goto(`/stories/${owner.username}/`);
    const seenBy = owner.page.getByRole('button', { name: 'Seen by 1' });
    await expect(seenBy).toBeVisible();
    await seenBy.click();
    const sheet = owner.page.getByRole('dialog', { name: 'Viewers' });
    await expect(sheet.getByRole('link', { name: watcher.username }).first()).toBeVisible();
    await expectAccessible(owner.page);
    // Escape closes the sheet only: the story stays open.
    await owner.page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);
    await expect(owner.page).toHaveURL(new RegExp(`/stories/${owner.username}/$`));
    // No reply field on one's own story.
    await expect(owner.page.getByRole('textbox', { name: 'Send message' })).toHaveCount(0);

    await owner.page.goto('/direct/inbox/');
    await expect(owner.page.getByText(watcher.username).first()).toBeVisible();
    await owner.page.context().close();
  });

  test('R-002-story-viewer-4 R-002-story-viewer-5 R-002-story-viewer-6: several reels by id (a multi-story page); moving on replaces the address, past the last one the viewer, opened with no entry point, closes to home', async ({ page, browser }) => {
    test.setTimeout(60_000);
    const first = await storyteller(browser, 'stl', '198.51.100.66', 1);
    const second = await storyteller(browser, 'stm', '198.51.100.67', 1);
    await signUpInBrowser(page, 'stn');
    await page.goto(`/stories/launch_reels/?reel_ids=${first.id},${second.id}`);
    await expect(page.getByText(`Story 1 of 1 by ${first.username}`)).toBeAttached();
    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(new RegExp(`/stories/${second.username}/$`));
    await expect(page.getByText(`Story 1 of 1 by ${second.username}`)).toBeAttached();
    const history = await page.evaluate(() => window.history.length);
    await page.keyboard.press('ArrowLeft');
    await expect(page).toHaveURL(new RegExp(`/stories/${first.username}/$`));
    expect(await page.evaluate(() => window.history.length)).toBe(history);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(/\/$/);
    await first.page.context().close();
    await second.page.context().close();
  });

  test('R-002-story-viewer-16: the tray asks the network again when the home page shows again', async ({ page, browser }) => {
    test.setTimeout(60_000);
    const later = await storyteller(browser, 'sts', '198.51.100.68', 0);
    await signUpInBrowser(page, 'str');
    await follow(page, later.id);
    await page.goto('/');
    await expect(tray(page).getByRole('link', { name: 'Add to your story' })).toBeVisible();
    await expect(tray(page).getByRole('link', { name: new RegExp(later.username) })).toHaveCount(0);
    await postStory(later.page);
    await page.getByRole('link', { name: 'Explore' }).first().click();
    await expect(page).toHaveURL(/\/explore\/$/);
    await page.getByRole('link', { name: 'Home' }).first().click();
    await expect(tray(page).getByRole('link', { name: `${later.username}'s story, not seen yet` })).toBeVisible();
    await later.page.context().close();
  });

  test('R-002-story-viewer-21: reels that fail to load say so in a toast, and load on a retry', async ({ page, browser }) => {
    const owner = await storyteller(browser, 'stu', '198.51.100.69', 1);
    await signUpInBrowser(page, 'stx');
    let failing = true;
    await page.route('**/graphql/query/**', async (route) => {
      const reelsMedia = new URL(route.request().url()).searchParams.get('variables')?.includes('reel_ids');
      if (failing && reelsMedia) await route.fulfill({ status: 503, json: { status: 'fail', message: 'Unavailable' } });
      else await route.continue();
    });
    await page.goto(`/stories/${owner.username}/`);
    await expect(page.getByRole('status').filter({ hasText: "Couldn't load stories" })).toBeVisible();
    failing = false;
    await viewer(page).getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText(`Story 1 of 1 by ${owner.username}`)).toBeAttached();
    await owner.page.context().close();
  });

  test('R-002-story-viewer-2: launch_reels with an id that is not a number is not a page', async ({ page }) => {
    await page.goto('/stories/launch_reels/?reel_ids=12,abc');
    await expect(page.getByRole('heading', { name: "Sorry, this page isn't available." })).toBeVisible();
  });

  test("R-002-story-viewer-3: a visitor opening a private account's story logs in and comes back to it", async ({ page, browser }) => {
    test.setTimeout(90_000);
    const owner = await storyteller(browser, 'stp', '198.51.100.64', 1);
    const { token } = await session(owner.page);
    expect((await owner.page.request.post('/accounts/set_private/', { headers: { 'x-csrftoken': token } })).ok()).toBe(true);
    const follower = await signUpInBrowser(page, 'stf');
    await follow(page, owner.id);
    const { id: followerId } = await session(page);
    expect((await owner.page.request.post(`/web/friendships/${followerId}/approve/`, { headers: { 'x-csrftoken': token } })).ok()).toBe(true);
    await page.context().clearCookies();

    await page.goto(`/stories/${owner.username}/`);
    await expect(page).toHaveURL(/\/accounts\/login\/\?next=/);
    await page.getByLabel('Username or email').fill(follower.username);
    await page.getByLabel('Password', { exact: true }).fill(follower.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await declineSaveLoginInfo(page);
    await expect(page).toHaveURL(new RegExp(`/stories/${owner.username}/$`));
    await expect(page.getByText(`Story 1 of 1 by ${owner.username}`)).toBeAttached();
    await owner.page.context().close();
  });

  test('the owner deletes a story from its menu; a mention sticker opens the profile @mobile', async ({ page }) => {
    test.setTimeout(60_000);
    const person = await signUpInBrowser(page, 'std');
    const bob = await (await page.request.get('/bob/?__a=1')).json();
    await postStory(page, { r: 200, g: 90, b: 40 }, [{ type: 'mention', user_id: bob.graphql.user.id, x: 0.5, y: 0.5, width: 0.4, height: 0.1, rotation: 0 }]);
    await page.goto('/');
    // Exactly: until the tray has loaded, the link is "Add to your story".
    await tray(page).getByRole('link', { name: 'Your story', exact: true }).click();
    await expect(page.getByText(`Story 1 of 1 by ${person.username}`)).toBeAttached();
    await page.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete story?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Story deleted' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(tray(page).getByRole('link', { name: 'Add to your story' })).toBeVisible();

    await postStory(page, { r: 40, g: 90, b: 200 }, [{ type: 'mention', user_id: bob.graphql.user.id, x: 0.5, y: 0.5, width: 0.4, height: 0.1, rotation: 0 }]);
    await page.goto(`/stories/${person.username}/`);
    await page.getByRole('link', { name: "bob's profile" }).click();
    await expect(page).toHaveURL(/\/bob\/$/);
  });

  test("the owner keeps a story in a new highlight from the viewer's menu, then another in the same one; the profile shows it @mobile", async ({ page }) => {
    test.setTimeout(60_000);
    const person = await signUpInBrowser(page, 'sth');
    await postStory(page, { r: 220, g: 180, b: 40 });
    await postStory(page, { r: 40, g: 180, b: 120 });
    const title = `Trip ${Date.now().toString(36).slice(-4)}`;

    await page.goto(`/stories/${person.username}/`);
    await expect(page.getByText(`Story 1 of 2 by ${person.username}`)).toBeAttached();
    await page.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('menuitem', { name: 'Add to highlight' }).click();
    const adding = page.getByRole('dialog', { name: 'Add to highlight' });
    await expect(adding.getByRole('button', { name: 'New' })).toBeVisible();
    await expectAccessible(page);
    await adding.getByRole('button', { name: 'New' }).click();
    const naming = page.getByRole('dialog', { name: 'New highlight' });
    await naming.getByLabel('Name').fill(title);
    await naming.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: `Added to ${title}.` })).toBeVisible();
    // The story stayed paused on screen while the dialog was open, and goes on from there.
    await expect(page.getByText(`Story 1 of 2 by ${person.username}`)).toBeAttached();

    await page.keyboard.press('ArrowRight');
    await expect(page.getByText(`Story 2 of 2 by ${person.username}`)).toBeAttached();
    await page.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('menuitem', { name: 'Add to highlight' }).click();
    await page.getByRole('dialog', { name: 'Add to highlight' }).getByRole('button', { name: title }).click();
    await expect(page.getByRole('status').filter({ hasText: `Added to ${title}.` })).toBeVisible();

    await page.goto(`/${person.username}/`);
    await page.getByRole('region', { name: 'Highlights' }).getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(/\/stories\/highlights\/\d+\/$/);
    await expect(page.getByText(`Story 1 of 2 by ${person.username}`)).toBeAttached();
  });

  test("a hashtag's stories open at its address; the hashtag sticker opens its posts", async ({ page }) => {
    const person = await signUpInBrowser(page, 'stt');
    const tag = `st${Date.now().toString(36)}`;
    await postStory(page, { r: 90, g: 60, b: 160 }, [{ type: 'hashtag', name: tag, x: 0.5, y: 0.4, width: 0.5, height: 0.1, rotation: 0 }]);
    await page.goto(`/stories/tags/${tag}/`);
    await expect(page.getByText(`Story 1 of 1 by ${person.username}`)).toBeAttached();
    await expect(viewer(page).getByText(`#${tag}`)).toBeVisible();
    await page.getByRole('link', { name: `Posts tagged #${tag}` }).click();
    await expect(page).toHaveURL(new RegExp(`/explore/tags/${tag}/$`));
  });

  test("R-002-story-viewer-9: a visitor watches a public account's story, without a reply field", async ({ page, browser }) => {
    const owner = await storyteller(browser, 'stq', '198.51.100.65', 1);
    await page.goto(`/stories/${owner.username}/`);
    await expect(page.getByText(`Story 1 of 1 by ${owner.username}`)).toBeAttached();
    await expect(page.getByRole('textbox', { name: 'Send message' })).toHaveCount(0);
    await expectAccessible(page);
    await owner.page.context().close();
  });
});
