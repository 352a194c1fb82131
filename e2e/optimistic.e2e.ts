import { expect, publishPhoto, signUpInBrowser, test } from './fixtures.js';

test.describe('optimistic toggles', () => {
  test('rapid like toggles send one request at a time, and the server ends with the last one', async ({ page }) => {
    await signUpInBrowser(page, 'toggle');
    const post = await publishPhoto(page, 'Toggled');
    let inFlight = 0;
    let most = 0;
    const sent: string[] = [];
    await page.route(/\/web\/likes\/[^/]+\/(like|unlike)\/$/, async (route) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      sent.push(route.request().url().endsWith('/unlike/') ? 'unlike' : 'like');
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
      inFlight -= 1;
    });
    await page.goto(`/p/${post.shortcode}/`);
    const article = page.getByRole('article').first();
    // Like, unlike, like, unlike, like: each shows at once.
    for (let i = 0; i < 5; i += 1) {
      await article.getByRole('button', { name: i % 2 === 0 ? 'Like' : 'Unlike', exact: true }).click();
      await expect(article.getByRole('button', { name: i % 2 === 0 ? 'Unlike' : 'Like', exact: true })).toBeVisible();
    }
    await expect(article.getByText('1 like', { exact: true })).toBeVisible();
    await expect.poll(() => inFlight).toBe(0);
    // The toggles made while the first request ran cancelled out: nothing more was sent.
    await page.waitForTimeout(300);
    expect(sent).toEqual(['like']);
    expect(most).toBe(1);
    await page.reload();
    await expect(page.getByRole('article').first().getByRole('button', { name: 'Unlike', exact: true })).toBeVisible();
    await expect(page.getByRole('article').first().getByText('1 like', { exact: true })).toBeVisible();
  });

  test('a failed like goes back to the server value and says so', async ({ page }) => {
    await signUpInBrowser(page, 'likefail');
    const post = await publishPhoto(page, 'Not liked');
    await page.route(/\/web\/likes\/[^/]+\/like\/$/, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":"fail"}' }));
    await page.goto(`/p/${post.shortcode}/`);
    const article = page.getByRole('article').first();
    await article.getByRole('button', { name: 'Like', exact: true }).click();
    await expect(page.getByText('Couldn’t like the post. Try again.')).toBeVisible();
    await expect(article.getByRole('button', { name: 'Like', exact: true })).toBeVisible();
    await expect(article.getByText('Be the first to like this')).toBeVisible();
  });
});
