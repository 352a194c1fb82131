import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, expectAccessible, signUpInBrowser, test } from './fixtures';

const REELS_MEDIA = 'query_hash=da3372b5fca767f198649e1799d7bd64';

async function photoFile(width = 900, height = 1200) {
  const buffer = await sharp({ create: { width, height, channels: 3, background: { r: 60, g: 130, b: 200 }, noise: { type: 'gaussian', mean: 110, sigma: 30 } } }).jpeg().toBuffer();
  return { name: 'story.jpg', mimeType: 'image/jpeg', buffer };
}

/** A two-second test-pattern clip (VP8 in WebM, which Chromium plays). */
function clipFile() {
  const ffmpeg = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'story-clip-')), 'clip.webm');
  execFileSync(ffmpeg, ['-nostdin', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=360x640:rate=15', '-c:v', 'libvpx', '-b:v', '300k', file]);
  return { name: 'clip.webm', mimeType: 'video/webm', buffer: fs.readFileSync(file) };
}

/** Opens the editor with a generated photo picked from the device. */
async function openWithPhoto(page: Page) {
  await page.goto('/create/story/');
  const dialog = page.getByRole('dialog', { name: 'New story' });
  await expect(dialog.getByRole('heading', { name: 'Add to your story' })).toBeVisible();
  // No camera here: that is said, and the files remain.
  await expect(dialog.getByText(/camera isn't available|may not use your camera/)).toBeVisible();
  await dialog.locator('input[type=file]').setInputFiles(await photoFile());
  await expect(dialog.getByRole('group', { name: 'Your story' })).toBeVisible();
  return dialog;
}

async function viewerId(page: Page): Promise<string> {
  return (await (await page.request.get('/data/shared_data/')).json()).config.viewer.id as string;
}

test.describe('making a story', () => {
  // Sharing composes the story on the service (sharp), which takes a while on a busy machine.
  test.describe.configure({ timeout: 90_000 });
  test('R-001-story-creation-1 R-001-story-creation-11: a photo with a text, a drawing, a hashtag and an emoji is shared to the viewer’s story @mobile', async ({ page }) => {
    await signUpInBrowser(page, 'story');
    const dialog = await openWithPhoto(page);
    await expectAccessible(page);

    await dialog.getByRole('button', { name: 'Add text' }).click();
    await dialog.getByRole('textbox', { name: 'Text' }).fill('Hello story');
    await dialog.getByRole('button', { name: 'Yellow' }).click();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog.getByRole('button', { name: 'Text: Hello story' })).toBeVisible();

    await dialog.getByRole('button', { name: 'Draw' }).click();
    await expect(dialog.getByRole('button', { name: 'Marker' })).toHaveAttribute('aria-pressed', 'true');
    const area = await dialog.getByRole('img', { name: /Drawing area/ }).boundingBox();
    if (!area) throw new Error('no drawing area');
    await page.mouse.move(area.x + area.width * 0.2, area.y + area.height * 0.6);
    await page.mouse.down();
    await page.mouse.move(area.x + area.width * 0.5, area.y + area.height * 0.65, { steps: 8 });
    await page.mouse.move(area.x + area.width * 0.8, area.y + area.height * 0.6, { steps: 8 });
    await page.mouse.up();
    await expect(dialog.getByRole('button', { name: 'Undo' })).toBeEnabled();
    await dialog.getByRole('button', { name: 'Done' }).click();

    await dialog.getByRole('button', { name: 'Add a sticker' }).click();
    await dialog.getByRole('button', { name: '# Hashtag' }).click();
    await dialog.getByRole('textbox', { name: 'Hashtag' }).fill('#sunset');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    const hashtag = dialog.getByRole('button', { name: 'Hashtag sticker: #sunset' });
    await expect(hashtag).toBeVisible();
    // A tap cycles the sticker's look.
    const plate = () => hashtag.evaluate((el) => getComputedStyle(el).backgroundColor);
    const firstLook = await plate();
    await hashtag.click();
    await expect.poll(plate).not.toBe(firstLook);
    await dialog.getByRole('button', { name: 'Add a sticker' }).click();
    await dialog.getByRole('button', { name: 'Add 🔥' }).click();
    await expect(dialog.getByRole('button', { name: 'Emoji sticker: 🔥' })).toBeVisible();
    await expectAccessible(page);

    const configured = page.waitForResponse((r) => r.url().includes('/create/configure_to_story/'), { timeout: 60_000 });
    await dialog.getByRole('button', { name: 'Your story' }).click();
    const answer = await configured;
    expect(answer.status()).toBe(200);
    const sent = new URLSearchParams(answer.request().postData() ?? '');
    expect(sent.get('audience')).toBeNull();
    expect(JSON.parse(sent.get('story_stickers') ?? '[]').map((s: { type: string }) => s.type)).toEqual(['hashtag', 'emoji']);
    await expect(page.getByText('Your story is shared')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    const id = await viewerId(page);
    const reels = await page.request.get(`/graphql/query/?${REELS_MEDIA}&variables=${encodeURIComponent(JSON.stringify({ reel_ids: [id] }))}`);
    expect(reels.ok()).toBe(true);
    const media = (await reels.json()).data.reels_media as { id: string; items: unknown[] }[];
    expect(media.find((reel) => reel.id === id)?.items).toHaveLength(1);
  });

  test('a failed share keeps everything; Retry shares to close friends without uploading again', async ({ page }) => {
    await signUpInBrowser(page, 'storyf');
    const dialog = await openWithPhoto(page);
    await dialog.getByRole('button', { name: 'Add a sticker' }).click();
    await dialog.getByRole('button', { name: 'Add 🎉' }).click();
    let uploads = 0;
    page.on('request', (r) => {
      if (r.url().includes('/create/upload/photo/')) uploads += 1;
    });
    await page.route('**/create/configure_to_story/', (route) => route.abort('connectionreset'), { times: 1 });
    await dialog.getByRole('button', { name: 'Close friends' }).click();
    const failure = dialog.getByRole('alert');
    await expect(failure).toContainText("Your story couldn't be shared.");
    await expect(dialog.getByRole('button', { name: 'Emoji sticker: 🎉' })).toBeVisible();

    const configured = page.waitForResponse((r) => r.url().includes('/create/configure_to_story/'), { timeout: 60_000 });
    await failure.getByRole('button', { name: 'Retry' }).click();
    const answer = await configured;
    expect(answer.status()).toBe(200);
    expect(new URLSearchParams(answer.request().postData() ?? '').get('audience')).toBe('besties');
    expect((await answer.json()).media.audience).toBe('besties');
    await expect(page.getByText('Your story is shared with your close friends')).toBeVisible();
    expect(uploads).toBe(1);
  });

  test('a video is shared as it is: text and drawing are off for it, its stickers go along', async ({ page }) => {
    await signUpInBrowser(page, 'storyv');
    await page.goto('/create/story/');
    const dialog = page.getByRole('dialog', { name: 'New story' });
    await dialog.locator('input[type=file]').setInputFiles(clipFile());
    await expect(dialog.getByText('Videos are shared as they are')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Add text' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Draw' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Add a sticker' }).click();
    await dialog.getByRole('button', { name: '# Hashtag' }).click();
    await dialog.getByRole('textbox', { name: 'Hashtag' }).fill('clip');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expectAccessible(page);

    const uploaded = page.waitForRequest((r) => r.url().includes('/create/upload/video/'));
    const configured = page.waitForResponse((r) => r.url().includes('/create/configure_to_story/'), { timeout: 60_000 });
    await dialog.getByRole('button', { name: 'Your story' }).click();
    await uploaded;
    const answer = await configured;
    expect(answer.status()).toBe(200);
    expect((await answer.json()).media.is_video).toBe(true);
    expect(JSON.parse(new URLSearchParams(answer.request().postData() ?? '').get('story_stickers') ?? '[]')).toMatchObject([{ type: 'hashtag', name: 'clip' }]);
    await expect(page.getByText('Your story is shared')).toBeVisible();
  });

  test('R-001-story-creation-13 R-001-story-creation-12: leaving with work asks first; cancelling keeps the work, confirming leaves and starts over', async ({ page }) => {
    await signUpInBrowser(page, 'storyx');
    const dialog = await openWithPhoto(page);
    await dialog.getByRole('button', { name: 'Add a sticker' }).click();
    await dialog.getByRole('button', { name: 'Time' }).click();
    await expect(dialog.getByRole('button', { name: /Time sticker/ })).toBeVisible();

    // Dragged onto the trash, a sticker goes.
    await dialog.getByRole('button', { name: 'Add a sticker' }).click();
    await dialog.getByRole('button', { name: 'Add 😂' }).click();
    const emoji = dialog.getByRole('button', { name: 'Emoji sticker: 😂' });
    const box = await emoji.boundingBox();
    const frame = await dialog.getByRole('group', { name: 'Your story' }).boundingBox();
    if (!box || !frame) throw new Error('no sticker');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(frame.x + frame.width / 2, frame.y + frame.height * 0.7, { steps: 5 });
    await expect(dialog.getByText('Drop here to delete')).toBeAttached();
    await page.mouse.move(frame.x + frame.width / 2, frame.y + frame.height - 54, { steps: 10 });
    await expect(dialog.getByText('Release to delete')).toBeAttached();
    await page.mouse.up();
    await expect(emoji).toHaveCount(0);

    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Discard story?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Keep editing' }).click();
    await expect(confirm).toBeHidden();
    await expect(dialog.getByRole('button', { name: /Time sticker/ })).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Discard' }).click();
    await expect(page).not.toHaveURL(/\/create\/story\//);
    await page.goto('/create/story/');
    await expect(page.getByRole('heading', { name: 'Add to your story' })).toBeVisible();
  });

  test('R-001-story-creation-6 R-001-story-creation-7: a text is written, placed, moved and resized with the keyboard only, and goes when emptied @mobile', async ({ page }) => {
    await signUpInBrowser(page, 'storyk');
    const dialog = await openWithPhoto(page);
    const addText = dialog.getByRole('button', { name: 'Add text' });
    await addText.focus();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('textbox', { name: 'Text' })).toBeFocused();
    await page.keyboard.type('Typed');
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('button', { name: 'Done' })).toBeFocused();
    await page.keyboard.press('Enter');
    const text = dialog.getByRole('button', { name: 'Text: Typed' });
    await expect(text).toBeVisible();
    await expect(addText).toBeFocused();

    // After the tools come the items on the frame.
    for (let i = 0; i < 6 && !(await text.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
    await expect(text).toBeFocused();
    const before = await text.evaluate((el) => ({ left: (el as HTMLElement).style.left, transform: (el as HTMLElement).style.transform }));
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('+');
    await page.keyboard.press(']');
    const after = await text.evaluate((el) => ({ left: (el as HTMLElement).style.left, transform: (el as HTMLElement).style.transform }));
    expect(after.left).not.toBe(before.left);
    expect(after.transform).toContain('scale(1.1)');
    expect(after.transform).not.toBe(before.transform);

    // An emptied text goes away.
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('textbox', { name: 'Text' })).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Escape');
    await expect(text).toHaveCount(0);
    await expect(dialog).toBeVisible();
  });
});

test('R-001-story-creation-23: the editor opens on the camera; the shutter takes the photo to decorate', async ({ playwright, baseURL, extraHTTPHeaders }) => {
  // Chromium's stand-in camera, allowed without asking.
  const browser = await playwright.chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  });
  try {
    const context = await browser.newContext({ baseURL, extraHTTPHeaders, permissions: ['camera'], viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signUpInBrowser(page, 'storyc');
    await page.goto('/create/story/');
    const dialog = page.getByRole('dialog', { name: 'New story' });
    const shutter = dialog.getByRole('button', { name: 'Take photo' });
    await expect(shutter).toBeVisible();
    await expectAccessible(page);
    await expect.poll(() => dialog.locator('video').evaluate((v) => (v as HTMLVideoElement).videoWidth)).toBeGreaterThan(0);
    await shutter.click();
    await expect(dialog.getByRole('group', { name: 'Your story' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Add text' })).toBeEnabled();
  } finally {
    await browser.close();
  }
});
