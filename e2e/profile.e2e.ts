import sharp from 'sharp';
import { expect, expectAccessible, logIn, signUpInBrowser, test } from './fixtures.js';

test.describe('profile and activity', () => {
  test('R-000-profile-picture-1: change the profile picture; the header and the nav show it', async ({ page }) => {
    await logIn(page, 'quinn');
    await page.goto('/accounts/edit/');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Change profile photo' }).click();
    // 500×400: red on the left 250 px, blue on the right.
    const picture = await sharp({ create: { width: 500, height: 400, channels: 3, background: '#2a4d9f' } })
      .composite([{ input: { create: { width: 250, height: 400, channels: 3, background: '#d1242f' } }, left: 0, top: 0 }])
      .jpeg()
      .toBuffer();
    await page.getByLabel('Upload photo').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: picture });

    const crop = page.getByRole('dialog', { name: 'Crop profile photo' });
    const area = crop.getByRole('group', { name: 'Photo position' });
    await expect(area.locator('img')).toBeVisible();
    await expectAccessible(page);
    const box = await area.boundingBox();
    if (!box) throw new Error('the crop area has no box');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2 + 10, { steps: 4 });
    await page.mouse.up();
    await area.press('ArrowLeft');
    await crop.getByRole('slider', { name: 'Zoom' }).fill('2');
    await crop.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(crop).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Profile photo updated' })).toBeVisible();
    const data = await (await page.request.get('/quinn/?__a=1')).json();
    expect(data.graphql.user.profile_pic_url_hd).toMatch(/^\/media\/avatars\/.+_320\.jpg$/);
    // The drag (clamped at the left edge), the arrow key and the zoom choose x 120–320 of the picture:
    // 55% across is red there, where the server's own centre crop (x 50–450) would be blue.
    const stored = await (await page.request.get(data.graphql.user.profile_pic_url_hd)).body();
    const { data: pixels, info } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
    const at = (Math.round(info.height / 2) * info.width + Math.round(info.width * 0.55)) * info.channels;
    expect(pixels[at]!).toBeGreaterThan(pixels[at + 2]! + 100);
    await page.goto('/quinn/');
    await expect(page.locator(`img[src="${data.graphql.user.profile_pic_url_hd}"], img[src="${data.graphql.user.profile_pic_url}"]`).first()).toBeVisible();
  });

  test('the crop dialog: an unreadable file can only be cancelled, and Cancel uploads nothing @mobile', async ({ page }) => {
    await logIn(page, 'uma');
    const before = (await (await page.request.get('/uma/?__a=1')).json()).graphql.user.profile_pic_url as string;
    let uploads = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/accounts/web_change_profile_picture/')) uploads += 1;
    });
    await page.goto('/accounts/edit/');
    // The page comes rendered by the server; its buttons answer once the app has taken it over.
    await page.waitForLoadState('networkidle');
    const change = page.getByRole('button', { name: 'Change profile photo' });
    const crop = page.getByRole('dialog', { name: 'Crop profile photo' });

    await change.click();
    await page.getByLabel('Upload photo').setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a picture') });
    await expect(crop.getByRole('alert')).toHaveText("This file can't be used as a profile photo.");
    await expect(crop.getByRole('button', { name: 'Apply', exact: true })).toHaveCount(0);
    await crop.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(crop).toBeHidden();

    await change.click();
    const picture = await sharp({ create: { width: 300, height: 600, channels: 3, background: '#e76f51' } }).png().toBuffer();
    await page.getByLabel('Upload photo').setInputFiles({ name: 'tall.png', mimeType: 'image/png', buffer: picture });
    await expect(crop.getByRole('group', { name: 'Photo position' }).locator('img')).toBeVisible();
    await expectAccessible(page);
    await crop.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(crop).toBeHidden();
    await expect(change).toBeFocused();
    await expect(page.locator(`img[src="${before}"]:visible`).first()).toBeVisible();
    expect(uploads).toBe(0);
    const after = await (await page.request.get('/uma/?__a=1')).json();
    expect(after.graphql.user.profile_pic_url).toBe(before);
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
    // The refused attempt left its own toast; only the saved toast says this save has landed.
    await expect(page.getByRole('status').getByText('Profile saved.')).toBeVisible();
    const data = await (await page.request.get('/rosa/?__a=1')).json();
    expect(data.graphql.user.biography).toBe('Flamenco, family and film photos.');
  });

  test('change the email: the current password is asked for under it, checked, then the new address is saved @mobile', async ({ page }) => {
    const person = await signUpInBrowser(page, 'mail');
    await page.goto('/accounts/edit/');
    const email = page.getByLabel('Email', { exact: true });
    await expect(email).toHaveValue(person.email);
    const password = page.getByLabel('Current password');
    await expect(password).toHaveCount(0);
    const moved = `moved.${person.email}`;
    await email.fill(moved);
    await expect(password).toBeVisible();
    await expect(password).toHaveAttribute('autocomplete', 'current-password');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Enter your current password to change your email.').first()).toBeVisible();
    await password.fill('not my password at all');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Your password was entered incorrectly. Please enter it again.').first()).toBeVisible();
    await password.fill(person.password);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Profile saved.' })).toBeVisible();
    await expect(password).toHaveCount(0);
    await page.reload();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(moved);
    // The website must be a real address: a host-less one is refused at its field.
    await page.getByLabel('Website').fill('//evil.example');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Enter a valid website address, such as example.com.').first()).toBeVisible();
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
