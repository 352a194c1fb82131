import type { Locator, Page } from '@playwright/test';
import { expect, logIn, test } from './fixtures.js';

const viewer = (page: Page, username: string) => page.getByRole('dialog', { name: `${username}'s stories` });
const currentTime = (video: Locator) => video.evaluate((node: HTMLVideoElement) => node.currentTime);
/** How full the segment of the story on screen is, from 0 to 1. */
const filled = (dialog: Locator) =>
  dialog.locator('[data-segment="current"]').evaluate((node) => {
    const transform = getComputedStyle(node).transform;
    return transform === 'none' ? 1 : new DOMMatrix(transform).a;
  });

async function userId(page: Page, username: string): Promise<string> {
  return (await (await page.request.get(`/${username}/?__a=1`)).json()).graphql.user.id as string;
}

test.describe('video stories', () => {
  // The demo world's two video stories are carol's and jamal's (three seconds each); erin's is a photo.
  test('a video story plays and its segment fills; Pause and Play work; the stories after it play too @mobile', async ({ page }) => {
    test.setTimeout(90_000);
    await logIn(page, 'alice');
    const ids = await Promise.all(['carol', 'jamal', 'erin'].map((name) => userId(page, name)));
    await page.goto(`/stories/launch_reels/?reel_ids=${ids.join(',')}`);

    const carol = viewer(page, 'carol');
    const video = carol.getByLabel('Video story by carol');
    await expect(video).toBeVisible();
    await expect.poll(() => currentTime(video), { timeout: 20_000 }).toBeGreaterThan(0.2);
    await expect.poll(() => filled(carol)).toBeGreaterThan(0.05);
    await page.screenshot({ path: test.info().outputPath('video-story-playing.png') });

    // Pause stops the video and its segment; Play starts both again.
    await carol.getByRole('button', { name: 'Pause', exact: true }).click();
    await expect.poll(() => video.evaluate((node: HTMLVideoElement) => node.paused)).toBe(true);
    const stoppedAt = await currentTime(video);
    const stoppedFill = await filled(carol);
    await page.waitForTimeout(800);
    expect(await currentTime(video)).toBe(stoppedAt);
    expect(await filled(carol)).toBeCloseTo(stoppedFill, 3);
    await carol.getByRole('button', { name: 'Play', exact: true }).click();
    await expect.poll(() => currentTime(video)).toBeGreaterThan(stoppedAt + 0.2);
    await expect(carol.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();

    // When the video ends the next reel opens, and its video plays on its own.
    const jamal = viewer(page, 'jamal');
    await expect(jamal).toBeVisible({ timeout: 15_000 });
    const next = jamal.getByLabel('Video story by jamal');
    await expect.poll(() => currentTime(next), { timeout: 20_000 }).toBeGreaterThan(0.2);
    await expect.poll(() => filled(jamal)).toBeGreaterThan(0.05);
    await expect(jamal.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();

    // And so does the photo after it.
    await page.keyboard.press('ArrowRight');
    const erin = viewer(page, 'erin');
    await expect(erin).toBeVisible();
    await expect(erin.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
    await expect.poll(() => filled(erin)).toBeGreaterThan(0.05);
  });
});
