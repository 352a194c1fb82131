import { FEED_PAGE_SIZE } from '@shutter/contract';
import { FIRST_SCREEN_POSTS } from '../apps/web/src/features/feed/feed-rows.js';
import { expect, logIn, test } from './fixtures.js';

const FEED_QUERY = 'query_hash=09353387931db36c8af0e1b3658ddffe';

test.describe('home feed', () => {
  test('opening / paints the first feed page from the page itself (rendered on the server), its first photo preloaded; the rest of the page renders as the reader nears it, and the next page comes from the query @mobile', async ({ page }) => {
    await logIn(page, 'bob');
    // Leave the page the login landed on, whose own feed query may still be on its way.
    await page.goto('about:blank');
    const feedQueries: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(FEED_QUERY)) feedQueries.push(request.url());
    });
    await page.goto('/');
    const first = page.getByRole('article').first();
    await expect(first).toBeVisible();
    const preloaded = await page.locator('head link[rel="preload"][as="image"]').getAttribute('imagesrcset');
    const shown = await first.locator('img[fetchpriority="high"]').first().getAttribute('srcset');
    expect(preloaded).toBe(shown);
    // what the page was rendered from was read once and removed
    await expect(page.locator('#first-screen')).toHaveCount(0);
    expect(feedQueries).toEqual([]);

    // The app renders the rest of the first page only as the reader nears the server's three posts:
    // the page's longest task on a phone was rendering posts no one had scrolled to yet.
    await expect(page.locator('#root[data-ssr]')).toHaveCount(0);
    expect(await page.getByRole('article').count()).toBe(FIRST_SCREEN_POSTS);
    await expect(async () => {
      await page.mouse.wheel(0, 1_000);
      expect(await page.getByRole('article').count()).toBe(FEED_PAGE_SIZE);
    }).toPass();
    // scrolling to the end asks the server for the next page, which appends
    await page.getByRole('article').last().scrollIntoViewIfNeeded();
    await expect(async () => {
      await page.mouse.wheel(0, 20_000);
      expect(feedQueries.length).toBeGreaterThan(0);
    }).toPass();
    await expect.poll(() => page.getByRole('article').count()).toBeGreaterThan(FEED_PAGE_SIZE);
  });
});
