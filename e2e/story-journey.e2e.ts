import sharp from 'sharp';
import { expect, expectAccessible, signUpInBrowser, test } from './fixtures.js';

/**
 * A story's whole life between two people: made in the editor, found in a follower's tray,
 * watched, its rings turned grey, and the follower in the owner's list of viewers.
 */
test('R-002-story-viewer-4 R-002-story-viewer-6 R-002-story-viewer-7: a story made in the editor reaches a follower’s tray; watched, its rings turn grey, a ringed picture opens it again and closing returns there; the owner sees who watched @mobile', async ({ page, browser }) => {
  // Sharing composes the story on the service (sharp), which takes a while on a busy machine.
  test.setTimeout(120_000);
  const ownerContext = await browser.newContext({ ...test.info().project.use, extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.91' } });
  const ownerPage = await ownerContext.newPage();
  const owner = await signUpInBrowser(ownerPage, 'sjo');
  const follower = await signUpInBrowser(page, 'sjf');

  // The follower follows the owner.
  const ownerId = (await (await ownerPage.request.get('/data/shared_data/')).json()).config.viewer.id as string;
  const token = (await (await page.request.get('/data/shared_data/')).json()).config.csrf_token as string;
  expect((await page.request.post(`/web/friendships/${ownerId}/follow/`, { headers: { 'x-csrftoken': token } })).ok()).toBe(true);

  // The owner makes a story: a photo from the device and a text on it.
  await ownerPage.goto('/');
  await ownerPage.getByRole('navigation', { name: 'Stories' }).getByRole('link', { name: 'Add to your story' }).click();
  const editor = ownerPage.getByRole('dialog', { name: 'New story' });
  const photo = await sharp({ create: { width: 900, height: 1600, channels: 3, background: { r: 230, g: 120, b: 60 } } }).jpeg().toBuffer();
  await editor.locator('input[type=file]').setInputFiles({ name: 'sunset.jpg', mimeType: 'image/jpeg', buffer: photo });
  await editor.getByRole('button', { name: 'Add text' }).click();
  await editor.getByRole('textbox', { name: 'Text' }).fill('Golden hour');
  await editor.getByRole('button', { name: 'Done' }).click();
  await editor.getByRole('button', { name: 'Your story' }).click();
  await expect(ownerPage.getByText('Your story is shared')).toBeVisible({ timeout: 60_000 });
  await expect(ownerPage.getByRole('navigation', { name: 'Stories' }).getByRole('link', { name: 'Your story', exact: true })).toBeVisible();

  // The follower finds it in the tray, unseen, and the owner's picture on the profile is ringed.
  await page.goto('/');
  const tray = page.getByRole('navigation', { name: 'Stories' });
  const unseen = tray.getByRole('link', { name: `${owner.username}'s story, not seen yet` });
  await expect(unseen).toBeVisible();
  await unseen.click();
  await expect(page).toHaveURL(new RegExp(`/stories/${owner.username}/$`));
  await expect(page.getByText(`Story 1 of 1 by ${owner.username}`)).toBeAttached();
  const shown = page.getByRole('dialog', { name: /stories$/i }).locator('img[src*="/media/"]').first();
  await expect(shown).toBeVisible();
  await expectAccessible(page);
  // A photo shows for five seconds; past the last story the viewer closes to where it was opened.
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
  await expect(tray.getByRole('link', { name: `${owner.username}'s story`, exact: true })).toBeVisible();
  await page.goto(`/${owner.username}/`);
  const ringed = page.getByRole('link', { name: `${owner.username}'s story, seen` }).first();
  await expect(ringed).toBeVisible();
  // Opened from the profile's ringed picture, the viewer closes back to the profile.
  await ringed.click();
  await expect(page).toHaveURL(new RegExp(`/stories/${owner.username}/$`));
  await expect(page.getByText(`Story 1 of 1 by ${owner.username}`)).toBeAttached();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`/${owner.username}/$`));

  // The owner sees the follower among those who watched.
  await ownerPage.goto(`/stories/${owner.username}/`);
  const seenBy = ownerPage.getByRole('button', { name: 'Seen by 1' });
  await expect(seenBy).toBeVisible();
  await seenBy.click();
  await expect(ownerPage.getByRole('dialog', { name: 'Viewers' }).getByRole('link', { name: follower.username }).first()).toBeVisible();
  await ownerContext.close();
});
