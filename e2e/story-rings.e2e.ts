import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { expect, publishPhoto, signUpInBrowser, test } from './fixtures';

async function csrf(page: Page): Promise<string> {
  return (await (await page.request.get('/data/shared_data/')).json()).config.csrf_token as string;
}

/** Posts a generated 9:16 photo as a story for whoever is logged in on `page`, through the API. */
async function postStory(page: Page): Promise<void> {
  const token = await csrf(page);
  const buffer = await sharp({ create: { width: 540, height: 960, channels: 3, background: { r: 240, g: 120, b: 80 } } }).jpeg().toBuffer();
  const uploadId = `ring${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const uploaded = await page.request.post('/create/upload/photo/', { multipart: { upload_id: uploadId, photo: { name: 's.jpg', mimeType: 'image/jpeg', buffer } }, headers: { 'x-csrftoken': token } });
  expect(uploaded.ok()).toBe(true);
  const posted = await page.request.post('/create/configure_to_story/', { form: { upload_id: uploadId }, headers: { 'x-csrftoken': token } });
  expect(posted.ok()).toBe(true);
}

test('R-002-story-viewer-7 R-002-story-ring-4: a followed account with a story has a ring on its feed header and in lists, which spins while the reel loads, then opens it @mobile', async ({ page, browser }) => {
  test.setTimeout(90_000);
  // Someone with a post and a story, in a browser of their own.
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.81' } });
  const owner = await context.newPage();
  const teller = await signUpInBrowser(owner, 'rng');
  const tellerId = (await (await owner.request.get('/data/shared_data/')).json()).config.viewer.id as string;
  await publishPhoto(owner, 'a post under a ringed picture');
  await postStory(owner);
  await context.close();

  const viewer = await signUpInBrowser(page, 'rnv');
  expect((await page.request.post(`/web/friendships/${tellerId}/follow/`, { headers: { 'x-csrftoken': await csrf(page) } })).ok()).toBe(true);
  await page.goto('/');
  const name = `${teller.username}'s story, unseen`;
  const ring = page.getByRole('article').getByRole('link', { name }).first();
  await expect(ring).toBeVisible();
  await expect(ring).toHaveAttribute('href', `/stories/${teller.username}/`);
  await page.goto(`/${viewer.username}/following/`);
  await expect(page.getByRole('link', { name })).toBeVisible();
  // The reel's media held back: the ring spins meanwhile, and the viewer opens once it arrives.
  let release = () => {};
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route(/\/graphql\/query\/\?query_hash=da3372b5fca767f198649e1799d7bd64/, async (route) => {
    await held;
    await route.continue();
  });
  const listed = page.getByRole('link', { name });
  await listed.click();
  await expect(listed).toHaveAttribute('aria-busy', 'true');
  await expect(listed.locator('[data-ring]')).toHaveAttribute('data-loading', 'true');
  await expect(page).toHaveURL(new RegExp(`/${viewer.username}/following/$`));
  release();
  await expect(page).toHaveURL(new RegExp(`/stories/${teller.username}/$`));
  await expect(page.getByText(`Story 1 of 1 by ${teller.username}`)).toBeAttached();
});
