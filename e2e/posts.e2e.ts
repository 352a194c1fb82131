import sharp from 'sharp';
import { chooseFromMenu, expect, expectAccessible, logIn, openCreate, publishPhoto, signUpInBrowser, test } from './fixtures.js';

async function photo(): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 900, channels: 3, background: { r: 250, g: 140, b: 60 }, noise: { type: 'gaussian', mean: 120, sigma: 40 } } }).jpeg().toBuffer();
}

test.describe('posts', () => {
  test('R-000-routes-20 R-000-routes-18 R-002-post-actions-4: create a photo post, a follower sees it, likes it, comments; the owner replies and deletes it', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const caption = `Made in the browser #e2e${Date.now().toString(36)}`;
    await logIn(page, 'alice');
    await openCreate(page, 'Post');
    await expect(page).toHaveURL(/\/create\//);
    await page.getByLabel('Select from computer').setInputFiles({ name: 'sunset.jpg', mimeType: 'image/jpeg', buffer: await photo() });
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('button', { name: 'Clarendon' }).click();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByLabel('Write a caption…').fill(caption);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(page).toHaveURL(/\/p\/[A-Za-z0-9_-]+\/$/, { timeout: 20_000 });
    const postPath = new URL(page.url()).pathname;
    await expect(page.getByText(caption)).toBeVisible();
    await expectAccessible(page);

    // bob follows alice: the post is at the top of his feed
    const bobContext = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.31' } });
    const bob = await bobContext.newPage();
    await logIn(bob, 'bob');
    const card = bob.getByRole('article', { name: 'Post by alice' }).filter({ hasText: caption });
    await expect(card).toBeVisible();
    // The like shows at once; the reload below checks what the service kept, so it waits for the answer.
    const liked = bob.waitForResponse((response) => /\/web\/likes\/\d+\/like\/$/.test(new URL(response.url()).pathname));
    await card.getByRole('button', { name: 'Like', exact: true }).click();
    await expect(card.getByRole('button', { name: 'Unlike', exact: true })).toHaveAttribute('aria-pressed', 'true');
    expect((await liked).ok()).toBe(true);
    await card.getByLabel('Add a comment…').fill('Lovely colours');
    await card.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(card.getByText('Lovely colours')).toBeVisible();
    await bob.reload();
    const again = bob.getByRole('article', { name: 'Post by alice' }).filter({ hasText: caption });
    await expect(again.getByRole('button', { name: 'Unlike', exact: true })).toBeVisible();

    // alice replies on the post page
    await page.goto(postPath);
    await page.getByRole('button', { name: 'Reply' }).first().click();
    const box = page.getByLabel('Add a comment…');
    await expect(box).toHaveValue(/@bob /);
    await box.fill('@bob thank you!');
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(page.getByText('@bob thank you!').or(page.getByText('thank you!'))).toBeVisible();

    // alice deletes it: from a post page she lands on her profile, and it leaves bob's feed
    await chooseFromMenu(page, page.getByRole('button', { name: 'More options' }).first(), 'Delete');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page).toHaveURL(/\/alice\/$/);
    await bob.reload();
    await expect(bob.getByRole('article', { name: 'Post by alice' }).first()).toBeVisible();
    await expect(bob.getByText(caption)).toHaveCount(0);
    expect((await bob.request.get(`${postPath}?__a=1`)).status()).toBe(404);
    await bobContext.close();
  });

  test('R-002-post-actions-3: a post deleted from the feed leaves it, and the viewer stays on the feed @mobile', async ({ page }) => {
    const person = await signUpInBrowser(page, 'del');
    await publishPhoto(page, 'first of two');
    const { shortcode } = await publishPhoto(page, 'deleted from the feed');
    await page.goto('/');
    const card = page.getByRole('article').filter({ has: page.locator(`a[href="/p/${shortcode}/"]`) });
    await expect(card).toBeVisible();
    await chooseFromMenu(page, card.getByRole('button', { name: 'More options' }), 'Delete');
    await page.getByRole('dialog', { name: 'Delete post?' }).getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('Post deleted.')).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('article').filter({ hasText: 'first of two' })).toBeVisible();
    // and it is gone for good: after a reload, and from the profile
    await page.reload();
    await expect(page.getByRole('article').filter({ hasText: 'first of two' })).toBeVisible();
    await expect(page.locator(`a[href="/p/${shortcode}/"]`)).toHaveCount(0);
    await page.goto(`/${person.username}/`);
    await expect(page.getByRole('listitem').filter({ hasText: /^1 post$/ })).toBeVisible();
  });

  test('R-002-post-actions-7: a failed delete shows a toast with Retry, and Retry deletes', async ({ page }) => {
    await logIn(page, 'lena');
    const { shortcode } = await publishPhoto(page, 'to be deleted twice');
    await page.goto(`/p/${shortcode}/`);
    let failures = 1;
    await page.route('**/create/*/delete/', (route) => (failures-- > 0 ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":"fail","message":"down"}' }) : route.continue()));
    await chooseFromMenu(page, page.getByRole('button', { name: 'More options' }).first(), 'Delete');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    const toast = page.getByRole('status').filter({ has: page.getByRole('button', { name: 'Retry' }) });
    await expect(toast).toBeVisible();
    await toast.getByRole('button', { name: 'Retry' }).click();
    await expect(page).toHaveURL(/\/lena\/$/);
    expect((await page.request.get(`/p/${shortcode}/?__a=1`)).status()).toBe(404);
  });

  test('R-000-likes-1: a logged-out visitor who likes is sent to login @mobile', async ({ page }) => {
    const feed = await page.request.get('/alice/?__a=1');
    const id = (await feed.json()).graphql.user.id;
    // not her newest post: other journeys publish and delete alice's posts while this one runs
    const grid = await page.request.get(`/graphql/query/?query_hash=f27142816ca7f13a7c0626fa303e2587&variables=${encodeURIComponent(JSON.stringify({ id, first: 12 }))}`);
    const edges = (await grid.json()).data.user.edge_owner_to_timeline_media.edges;
    const shortcode = edges[edges.length - 1].node.shortcode;
    await page.goto(`/p/${shortcode}/`);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Like', exact: true }).first().click();
    await expect(page).toHaveURL(/\/accounts\/login\/\?/);
  });

  test('R-000-routes-19: the liked-by list is a modal over the feed on wide screens', async ({ page }) => {
    await logIn(page, 'carol');
    // any post with likes (another test may have just put a new, unliked post on top)
    await page.getByRole('article').locator('a[href$="/liked_by/"]').first().click();
    await expect(page).toHaveURL(/\/liked_by\/$/);
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(page.getByRole('article').first()).toBeAttached();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/$/);
  });

  test('R-000-likes-4: a liked-by list can be searched, and its search is kept for that post only', async ({ page }) => {
    await logIn(page, 'carol');
    const lists = page.getByRole('article').locator('a[href$="/liked_by/"]');
    await lists.first().click();
    const dialog = page.getByRole('dialog', { name: 'Likes' });
    const rows = dialog.getByRole('listitem');
    await expect(rows.first()).toBeVisible();
    const everyone = await rows.count();
    const first = (await rows.first().getByRole('link').last().innerText()).trim();
    const search = dialog.getByRole('searchbox', { name: 'Search' });
    await search.fill(first.toUpperCase());
    await expect(rows.filter({ hasText: first }).first()).toBeVisible();
    for (const row of await rows.allInnerTexts()) expect(row.toLowerCase()).toContain(first.toLowerCase());
    await search.fill('nobody-by-this-name');
    await expect(dialog.getByText('No one matches.')).toBeVisible();
    await search.fill(first);
    // (Escape in a filled search box clears it first, as search boxes do; the close button keeps it)
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);

    // the same post's list opens with its search; another post's list starts empty
    await lists.first().click();
    await expect(search).toHaveValue(first);
    await search.fill('');
    await expect(rows).toHaveCount(everyone);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await lists.nth(1).click();
    await expect(dialog.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    await expectAccessible(page);
  });

  test('the liked-by list is a page on a phone @phone', async ({ page }) => {
    await logIn(page, 'carol');
    // any post with likes (another test may have just put a new, unliked post on top)
    await page.getByRole('article').locator('a[href$="/liked_by/"]').first().click();
    await expect(page).toHaveURL(/\/liked_by\/$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Likes' })).toBeVisible();
  });
});
