import type { Browser, Locator, Page, WebSocketRoute } from '@playwright/test';
import sharp from 'sharp';
import { expect, expectAccessible, publishPhoto, signUpInBrowser, test } from './fixtures.js';

/** Someone else, in a browser of their own (the test's page is the first person). */
async function otherPerson(browser: Browser, prefix: string, address: string) {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': address } });
  const page = await context.newPage();
  const person = await signUpInBrowser(page, prefix);
  return { page, ...person };
}

async function session(page: Page): Promise<{ id: string; token: string }> {
  const shared = await (await page.request.get('/data/shared_data/')).json();
  return { id: shared.config.viewer.id as string, token: shared.config.csrf_token as string };
}

/** A thread made through the API (the journeys under test make theirs in the browser). */
async function threadWith(page: Page, others: Page[]): Promise<string> {
  const { token } = await session(page);
  const ids = await Promise.all(others.map(async (other) => (await session(other)).id));
  const made = await page.request.post('/direct_v2/web/create_group_thread/', { form: { recipient_users: JSON.stringify(ids) }, headers: { 'x-csrftoken': token } });
  expect(made.ok()).toBe(true);
  return (await made.json()).thread_id as string;
}

async function accept(page: Page, threadId: string) {
  const { token } = await session(page);
  const done = await page.request.post('/direct_v2/web/threads/approve_multiple/', { form: { thread_ids: JSON.stringify([threadId]) }, headers: { 'x-csrftoken': token } });
  expect(done.ok()).toBe(true);
}

const messages = (page: Page) => page.getByRole('log', { name: 'Messages' });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });

async function say(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press('Enter');
  await expect(messages(page)).toContainText(text);
}

/** Whether a control can be seen and pressed: nothing around it see-through, and it takes a tap or click. */
const shown = (control: Locator) =>
  control.evaluate((element) => {
    let opacity = 1;
    for (let at: Element | null = element; at; at = at.parentElement) opacity *= Number(getComputedStyle(at).opacity);
    return opacity > 0 && getComputedStyle(element).pointerEvents !== 'none';
  });
const options = (row: Locator) => row.getByRole('button', { name: 'Message options' });

/** /direct/new/: the people chosen by name, then Chat opens their thread. */
async function startInBrowser(page: Page, usernames: string[]): Promise<string> {
  await page.goto('/direct/new/');
  for (const username of usernames) {
    await page.getByRole('searchbox', { name: 'To:' }).fill(username);
    await page.getByRole('checkbox', { name: new RegExp(username) }).check();
    await expect(page.getByRole('button', { name: `Remove ${username}` })).toBeVisible();
  }
  await page.getByRole('searchbox', { name: 'To:' }).fill('');
  await page.getByRole('button', { name: 'Chat' }).click();
  await expect(page).toHaveURL(/\/direct\/t\/\d+\/$/);
  return /\/direct\/t\/(\d+)\//.exec(page.url())![1];
}

test.describe('direct messages', () => {
  test.describe.configure({ timeout: 120_000 });

  test('R-002-direct-7 R-002-direct-11 R-002-direct-18: a first message waits in the requests; accepted, the two chat live: Seen, typing and replies arrive without a reload @mobile', async ({ page, browser }) => {
    const ann = await signUpInBrowser(page, 'dmann');
    const ben = await otherPerson(browser, 'dmben', '198.51.100.121');

    await startInBrowser(page, [ben.username]);
    await expect(page.getByRole('heading', { name: ben.username })).toBeVisible();
    await say(page, 'Hello from Ann');

    await ben.page.goto('/direct/inbox/');
    await ben.page.getByRole('link', { name: 'Requests (1)' }).click();
    await expect(ben.page).toHaveURL(/\/direct\/requests\/$/);
    await expect(ben.page.getByRole('list', { name: 'Message requests' })).toContainText(ann.username);
    await expectAccessible(ben.page);
    await ben.page.getByRole('button', { name: `Accept request from ${ann.username}` }).click();
    await expect(ben.page).toHaveURL(/\/direct\/t\/\d+\/$/);
    await expect(messages(ben.page)).toContainText('Hello from Ann');

    // Ben has it in front of him: Ann sees it seen, then sees him typing, then his answer.
    await expect(messages(page).getByText('Seen', { exact: true })).toBeVisible();
    await composer(ben.page).pressSequentially('Hi A');
    await expect(messages(page).getByText('typing…')).toBeVisible();
    await composer(ben.page).press('Enter');
    await expect(messages(page)).toContainText('Hi A');
    await expect(messages(page).getByText('typing…')).toHaveCount(0);
    await expectAccessible(page);
    await expectAccessible(ben.page);

    // Away from Direct, the navigation's badge tells of a new message (R-002-navigation-7).
    await page.goto('/explore/');
    await say(ben.page, 'Are you there?');
    await expect(page.getByRole('link', { name: 'Direct, 1 unread' }).first()).toBeVisible();
    await page.getByRole('link', { name: 'Direct, 1 unread' }).first().click();
    await expect(page.getByRole('link', { name: new RegExp(ben.username) }).first()).toBeVisible();
    await ben.page.context().close();
  });

  test('R-002-direct-14 R-002-direct-26: a photo goes with its progress; a message is liked, and unsent from both screens', async ({ page, browser }) => {
    const ann = await signUpInBrowser(page, 'dmphoto');
    const ben = await otherPerson(browser, 'dmpben', '198.51.100.122');
    const threadId = await threadWith(page, [ben.page]);
    await accept(ben.page, threadId);
    await page.goto(`/direct/t/${threadId}/`);
    await ben.page.goto(`/direct/t/${threadId}/`);
    await say(page, 'Look at this');

    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 140, b: 200 } } }).jpeg().toBuffer();
    await page.getByRole('button', { name: 'Send a photo' }).click();
    await page.locator('input[type=file]').setInputFiles({ name: 'sea.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(messages(page).getByRole('img', { name: 'Photo' })).toBeVisible();
    await expect(messages(ben.page).getByRole('img', { name: `Photo from ${ann.username}` })).toBeVisible();

    // Ben likes Ann's message from its menu; Ann sees the heart come.
    const text = messages(ben.page).getByRole('listitem').filter({ hasText: 'Look at this' });
    await text.hover();
    await text.getByRole('button', { name: 'Message options' }).click();
    await ben.page.getByRole('menuitem', { name: 'Like' }).click();
    await expect(text.getByRole('img', { name: 'Liked by you' })).toBeVisible();
    await expect(messages(page).getByRole('listitem').filter({ hasText: 'Look at this' }).getByRole('img', { name: '1 like' })).toBeVisible();

    const own = messages(page).getByRole('listitem').filter({ hasText: 'Look at this' });
    await own.hover();
    await own.getByRole('button', { name: 'Message options' }).click();
    await page.getByRole('menuitem', { name: 'Unsend' }).click();
    await expect(messages(page)).not.toContainText('Look at this');
    await expect(messages(ben.page)).not.toContainText('Look at this');
    await ben.page.context().close();
  });

  test('on a phone a message\'s options show only on the bubble pressed, by a tap or a finger held on it, or on focus @phone', async ({ page, browser }) => {
    await signUpInBrowser(page, 'dmpress');
    const ben = await otherPerson(browser, 'dmprben', '198.51.100.132');
    const threadId = await threadWith(page, [ben.page]);
    await accept(ben.page, threadId);
    await ben.page.goto(`/direct/t/${threadId}/`);
    await say(ben.page, 'Are you coming?');
    await page.goto(`/direct/t/${threadId}/`);
    await say(page, 'On my way');
    const theirs = messages(page).getByRole('listitem').filter({ hasText: 'Are you coming?' });
    const mine = messages(page).getByRole('listitem').filter({ hasText: 'On my way' });

    // At rest no bubble shows its options, which are there all the same, with their names.
    await expect(options(theirs)).toHaveCount(1);
    await expect(options(mine)).toHaveCount(1);
    expect(await shown(options(theirs))).toBe(false);
    expect(await shown(options(mine))).toBe(false);
    await expectAccessible(page);

    // A tap on a bubble shows its options, and only its own; they open its menu.
    await theirs.getByText('Are you coming?').tap();
    await expect.poll(() => shown(options(theirs))).toBe(true);
    expect(await shown(options(mine))).toBe(false);
    await options(theirs).tap();
    await expect(page.getByRole('menuitem', { name: 'Like' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menuitem', { name: 'Like' })).toHaveCount(0);

    // A tap elsewhere in the conversation puts them away.
    await page.getByText('This is the start of your conversation.').tap();
    await expect.poll(() => shown(options(theirs))).toBe(false);

    // A finger held on a bubble shows them before it lifts.
    const box = (await mine.getByText('On my way').boundingBox())!;
    const touch = await page.context().newCDPSession(page);
    await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: box.x + box.width / 2, y: box.y + box.height / 2 }] });
    await expect.poll(() => shown(options(mine))).toBe(true);
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    expect(await shown(options(theirs))).toBe(false);
    await options(mine).tap();
    await expect(page.getByRole('menuitem', { name: 'Unsend' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByText('This is the start of your conversation.').tap();
    await expect.poll(() => shown(options(mine))).toBe(false);

    // Focus (a keyboard's Tab) shows them too.
    await options(theirs).focus();
    await expect.poll(() => shown(options(theirs))).toBe(true);
    await ben.page.context().close();
  });

  test('on a desktop a message\'s options show on hover and on keyboard focus, not at rest', async ({ page, browser }) => {
    await signUpInBrowser(page, 'dmhover');
    const ben = await otherPerson(browser, 'dmhoben', '198.51.100.133');
    const threadId = await threadWith(page, [ben.page]);
    await accept(ben.page, threadId);
    await ben.page.goto(`/direct/t/${threadId}/`);
    await say(ben.page, 'Lunch?');
    await page.goto(`/direct/t/${threadId}/`);
    const theirs = messages(page).getByRole('listitem').filter({ hasText: 'Lunch?' });
    await expect(theirs).toBeVisible();
    await page.getByRole('heading', { name: ben.username }).hover();
    expect(await shown(options(theirs))).toBe(false);

    await theirs.getByText('Lunch?').hover();
    await expect.poll(() => shown(options(theirs))).toBe(true);
    await page.getByRole('heading', { name: ben.username }).hover();
    await expect.poll(() => shown(options(theirs))).toBe(false);

    // From the conversation, Tab reaches the message's options, which show while they have the focus.
    await messages(page).focus();
    await page.keyboard.press('Tab');
    await expect(options(theirs)).toBeFocused();
    await expect.poll(() => shown(options(theirs))).toBe(true);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Like' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(options(theirs)).toBeFocused();
    await composer(page).focus();
    await expect.poll(() => shown(options(theirs))).toBe(false);
    await ben.page.context().close();
  });

  test('R-002-direct-27 R-002-direct-20 R-002-direct-19: a group is made in the browser, renamed from its details, its members see the name, and leaving it goes to the inbox @mobile', async ({ page, browser }) => {
    await signUpInBrowser(page, 'dmgrp');
    const ben = await otherPerson(browser, 'dmgben', '198.51.100.123');
    const cat = await otherPerson(browser, 'dmgcat', '198.51.100.124');
    const threadId = await startInBrowser(page, [ben.username, cat.username]);
    await say(page, 'Welcome, both');
    await accept(ben.page, threadId);
    await ben.page.goto('/direct/inbox/');
    await expect(ben.page.getByRole('list', { name: 'Conversations' })).toContainText('Welcome, both');

    await page.getByRole('button', { name: 'Conversation details' }).click();
    await expectAccessible(page);
    await expect(page.getByRole('button', { name: `Options for ${ben.username}` })).toBeVisible();
    await page.getByRole('textbox', { name: 'Group name' }).fill('Trip');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByRole('heading', { name: 'Trip' })).toBeVisible();

    // Ben's inbox shows the new name without a reload.
    await expect(ben.page.getByRole('list', { name: 'Conversations' }).getByText('Trip', { exact: true })).toBeVisible();

    // R-002-direct-19: leaving the group from its open page goes to the inbox.
    await page.getByRole('button', { name: 'Leave chat' }).click();
    await page.getByRole('dialog', { name: 'Leave chat?' }).getByRole('button', { name: 'Leave chat' }).click();
    await expect(page).toHaveURL(/\/direct\/inbox\/$/);
    await expect(page.getByRole('link', { name: /Trip/ })).toHaveCount(0);
    await ben.page.context().close();
    await cat.page.context().close();
  });

  test('R-002-direct-9 R-002-direct-24: a message the service refuses (a block since) is taken away, with a toast', async ({ page, browser }) => {
    await signUpInBrowser(page, 'dmblock');
    const ben = await otherPerson(browser, 'dmbben', '198.51.100.130');
    const threadId = await threadWith(page, [ben.page]);
    await accept(ben.page, threadId);
    await page.goto(`/direct/t/${threadId}/`);
    await say(page, 'Still friends?');
    // Stored before the block: a send still waiting for the channel would be refused with the next.
    await expect(messages(page).getByText('Sending')).toHaveCount(0);
    const me = await session(page);
    const { token } = await session(ben.page);
    expect((await ben.page.request.post(`/web/friendships/${me.id}/block/`, { headers: { 'x-csrftoken': token } })).ok()).toBe(true);
    await composer(page).fill('Hello?');
    await composer(page).press('Enter');
    await expect(page.getByRole('status', { name: 'Notifications' })).toHaveText(/You can't message this account|Couldn't send your message/);
    await expect(messages(page)).not.toContainText('Hello?');
    await expect(messages(page)).toContainText('Still friends?');
    await ben.page.context().close();
  });

  test('R-002-direct-12 R-002-direct-13: a declined request goes back to the requests, Delete all to the inbox @mobile', async ({ page, browser }) => {
    await signUpInBrowser(page, 'dmreq');
    const ann = await otherPerson(browser, 'dmrann', '198.51.100.125');
    const cat = await otherPerson(browser, 'dmrcat', '198.51.100.126');
    const fromAnn = await threadWith(ann.page, [page]);
    const fromCat = await threadWith(cat.page, [page]);
    await ann.page.goto(`/direct/t/${fromAnn}/`);
    await say(ann.page, 'Hi from Ann');
    await cat.page.goto(`/direct/t/${fromCat}/`);
    await say(cat.page, 'Hi from Cat');

    await page.goto('/direct/requests/');
    await expect(page.getByRole('list', { name: 'Message requests' }).getByRole('listitem')).toHaveCount(2);
    await page.getByRole('list', { name: 'Message requests' }).getByRole('link', { name: new RegExp(ann.username) }).click();
    await expect(messages(page)).toContainText('Hi from Ann');
    await expect(page.getByText(`${ann.username} wants to send you a message.`)).toBeVisible();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page).toHaveURL(/\/direct\/requests\/$/);
    await expect(page.getByRole('list', { name: 'Message requests' }).getByRole('listitem')).toHaveCount(1);

    await page.getByRole('button', { name: 'Delete all' }).click();
    await page.getByRole('dialog', { name: 'Delete all requests?' }).getByRole('button', { name: 'Delete all' }).click();
    await expect(page).toHaveURL(/\/direct\/inbox\/$/);
    await expect(page.getByRole('link', { name: 'Requests', exact: true })).toBeVisible();
    await ann.page.context().close();
    await cat.page.context().close();
  });

  test('a message request open on screen shows each new message as it comes, and what came while the connection was lost once it is back, as an accepted thread does @mobile', async ({ page, browser }) => {
    // The channel's connections of the test's page, to be cut and let back as a phone's are.
    let online = true;
    const sockets: { page: WebSocketRoute; server: WebSocketRoute }[] = [];
    await page.routeWebSocket(/\/mqtt$/, (socket) => {
      if (!online) return void socket.close();
      sockets.push({ page: socket, server: socket.connectToServer() });
    });
    await signUpInBrowser(page, 'dmlive');
    const ann = await otherPerson(browser, 'dmlann', '198.51.100.131');
    const fromAnn = await threadWith(ann.page, [page]);
    await ann.page.goto(`/direct/t/${fromAnn}/`);
    await say(ann.page, 'Hi, are you free?');

    await page.goto('/direct/requests/');
    await page.getByRole('list', { name: 'Message requests' }).getByRole('link', { name: new RegExp(ann.username) }).click();
    await expect(page.getByText(`${ann.username} wants to send you a message.`)).toBeVisible();
    await expect(messages(page)).toContainText('Hi, are you free?');

    // Ann writes again while the request is open: it comes in without a reload.
    await say(ann.page, 'Coffee at noon?');
    await expect(messages(page).getByText('Coffee at noon?')).toBeVisible();

    // The connection drops; what Ann sends meanwhile is there once it is back.
    online = false;
    await Promise.all(sockets.splice(0).flatMap((socket) => [socket.page.close(), socket.server.close()]));
    await say(ann.page, 'Or tea at four');
    await expect(messages(ann.page).getByText('Sending')).toHaveCount(0);
    online = true;
    await expect(messages(page).getByText('Or tea at four')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(`${ann.username} wants to send you a message.`)).toBeVisible();
    await expect(composer(page)).toHaveCount(0);

    // And live again after it.
    await say(ann.page, 'Or not at all');
    await expect(messages(page).getByText('Or not at all')).toBeVisible();
    await ann.page.context().close();
  });

  test('Send to… shares a post into a conversation over the channel', async ({ page, browser }) => {
    const ann = await signUpInBrowser(page, 'dmshare');
    const ben = await otherPerson(browser, 'dmsben', '198.51.100.127');
    const threadId = await threadWith(page, [ben.page]);
    const post = await publishPhoto(page, 'Sunset to share');
    await page.goto(`/p/${post.shortcode}/`);
    await page.getByRole('article').getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share' });
    await dialog.getByRole('searchbox', { name: 'To:' }).fill(ben.username);
    await dialog.getByRole('checkbox', { name: new RegExp(ben.username) }).check();
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByText('Sent', { exact: true })).toBeVisible();
    await page.goto(`/direct/t/${threadId}/`);
    await expect(messages(page).getByRole('link', { name: `Post by ${ann.username}` })).toBeVisible();
    await ben.page.context().close();
  });

  test('the inbox and new message pages pass the accessibility check, and a thread of someone else is not shown @mobile', async ({ page, browser }) => {
    await signUpInBrowser(page, 'dmaxe');
    const ann = await otherPerson(browser, 'dmxann', '198.51.100.128');
    const cat = await otherPerson(browser, 'dmxcat', '198.51.100.129');
    const theirs = await threadWith(ann.page, [cat.page]);
    await page.goto('/direct/inbox/');
    await expect(page.getByRole('link', { name: 'Requests', exact: true })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'New message' }).first().click();
    await expect(page).toHaveURL(/\/direct\/new\/$/);
    await expect(page.getByRole('searchbox', { name: 'To:' })).toBeVisible();
    await expectAccessible(page);
    await page.goto(`/direct/t/${theirs}/`);
    await expect(page.getByText('This conversation is not available.')).toBeVisible();
    await ann.page.context().close();
    await cat.page.context().close();
  });

  test('R-002-navigation-7 R-002-navigation-8: the navigation\'s Direct carries the unseen count, 9+ from 10 @mobile', async ({ page }) => {
    await signUpInBrowser(page, 'dmbadge');
    await page.route('**/direct_v2/web/get_badge_count/**', (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify({ badge_count: 12, seq_id: 0, status: 'ok' }) }));
    await page.goto('/explore/');
    const direct = page.getByRole('link', { name: 'Direct, 12 unread' }).first();
    await expect(direct).toBeVisible();
    await expect(direct).toHaveText('9+');
  });

  /** The page as the service would send it with Direct's flags set otherwise. */
  async function withFlags(page: Page, path: string, flags: string) {
    await page.route(`**${path}`, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace('"direct":{"enabled":true,"desktop":true}', `"direct":${flags}`);
      await route.fulfill({ response, body });
    });
  }

  test('R-002-direct-2: with Direct turned off, its pages go to / and the navigation has no Direct', async ({ page }) => {
    await signUpInBrowser(page, 'dmoff');
    await withFlags(page, '/direct/inbox/', '{"enabled":false,"desktop":true}');
    await page.goto('/direct/inbox/');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: /^Direct/ })).toHaveCount(0);
  });

  test('R-002-direct-3 R-002-direct-4 R-002-direct-5: a desktop gets the two panes, or the mobile page when Direct\'s desktop flag is off', async ({ page }) => {
    await signUpInBrowser(page, 'dmdesk');
    await page.goto('/direct/inbox/');
    await expect(page.getByRole('heading', { name: 'Your messages' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Primary' })).toBeVisible();
    await withFlags(page, '/direct/inbox/', '{"enabled":true,"desktop":false}');
    await page.goto('/direct/inbox/');
    await expect(page.getByRole('region', { name: 'Messages' }).getByRole('button', { name: 'Back' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your messages' })).toHaveCount(0);
  });
});
