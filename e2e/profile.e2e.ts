import sharp from 'sharp';
import { expect, expectAccessible, logIn, test } from './fixtures.js';

test.describe('profile and activity', () => {
  test('R-000-profile-picture-1: change the profile picture; the header and the nav show it', async ({ page }) => {
    await logIn(page, 'quinn');
    await page.goto('/accounts/edit/');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Change profile photo' }).click();
    const picture = await sharp({ create: { width: 500, height: 400, channels: 3, background: '#2a9d8f' } }).jpeg().toBuffer();
    await page.getByLabel('Upload photo').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: picture });
    await expect(page.getByRole('status').filter({ hasText: 'Profile photo updated' })).toBeVisible();
    const data = await (await page.request.get('/quinn/?__a=1')).json();
    expect(data.graphql.user.profile_pic_url_hd).toMatch(/^\/media\/avatars\/.+_320\.jpg$/);
    await page.goto('/quinn/');
    await expect(page.locator(`img[src="${data.graphql.user.profile_pic_url_hd}"], img[src="${data.graphql.user.profile_pic_url}"]`).first()).toBeVisible();
  });

  test('edit the profile: a taken username is refused at its field, then a valid edit saves @mobile', async ({ page }) => {
    await logIn(page, 'rosa');
    await page.goto('/accounts/edit/');
    const username = page.getByLabel('Username', { exact: true });
    await username.fill('alice');
    await page.getByLabel('Bio', { exact: true }).fill('Flamenco, family and film photos.');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText("This username isn't available. Please try another.").first()).toBeVisible();
    await username.fill('rosa');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('status').first()).toBeVisible();
    const data = await (await page.request.get('/rosa/?__a=1')).json();
    expect(data.graphql.user.biography).toBe('Flamenco, family and film photos.');
  });

  test('activity shows a new like to the owner', async ({ page, browser }) => {
    const owner = await (await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.51' } })).newPage();
    await logIn(owner, 'sam');
    const sam = await (await owner.request.get('/sam/?__a=1')).json();
    const grid = await owner.request.get(`/graphql/query/?query_hash=f27142816ca7f13a7c0626fa303e2587&variables=${encodeURIComponent(JSON.stringify({ id: sam.graphql.user.id, first: 1 }))}`);
    const shortcode = (await grid.json()).data.user.edge_owner_to_timeline_media.edges[0].node.shortcode;

    await logIn(page, 'tara');
    await page.goto(`/p/${shortcode}/`);
    const like = page.getByRole('button', { name: /^(Like|Unlike)$/ }).first();
    await expect(like).toBeVisible();
    if ((await like.getAttribute('aria-pressed')) !== 'true') await like.click();
    await expect(page.getByRole('button', { name: 'Unlike', exact: true }).first()).toBeVisible();

    await owner.goto('/accounts/activity/');
    await expect(owner.getByText('liked your photo.').first()).toBeVisible();
    await expect(owner.getByRole('link', { name: 'tara' }).first()).toBeVisible();
    await expectAccessible(owner);
    await owner.context().close();
  });
});
