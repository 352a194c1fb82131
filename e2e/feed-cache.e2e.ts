import { expect, logIn, test } from './fixtures.js';

const FEED_QUERY = 'query_hash=09353387931db36c8af0e1b3658ddffe';

test.describe('the stored feed', () => {
  test('R-000-feed-1 R-000-feed-13: the next visit shows the stored feed at once, then the network answer', async ({ page }) => {
    await logIn(page, 'bob');
    await page.goto('/');
    const first = page.getByRole('article').first();
    await expect(first).toBeVisible();
    const firstLabel = await first.getAttribute('aria-label');
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('feed-cache') ?? 'null')?.data?.pages?.[0]?.nodes?.length ?? 0)).toBeGreaterThan(0);

    // A new visit that starts elsewhere: the feed comes from storage while its query waits.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const queries: string[] = [];
    await page.route((url) => url.href.includes(FEED_QUERY), async (route) => {
      queries.push(route.request().url());
      await held;
      await route.continue();
    });
    await page.goto('/explore/people/');
    // A tap before the app has the page would be a link the browser follows: the server would send
    // the feed with its page, and the stored one would never show.
    await expect(page.locator('#root[data-ssr]')).toHaveCount(0);
    await page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page.getByRole('article').first()).toHaveAttribute('aria-label', firstLabel ?? '');
    await expect.poll(() => queries.length).toBe(1);
    // The first load of a stored feed asks as a first load does (spec 000 §7).
    expect(JSON.parse(new URL(queries[0]!).searchParams.get('variables') ?? '{}')).toEqual({ has_threaded_comments: true });
    release();
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(page.getByText('You’re all caught up.').or(page.getByRole('button', { name: 'Load more' }))).toBeVisible();
  });
});
