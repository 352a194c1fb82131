import sharp from 'sharp';
import { expect, expectAccessible, openCreate, signUpInBrowser, test } from './fixtures.js';

async function photo(): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 900, channels: 3, background: { r: 60, g: 140, b: 200 }, noise: { type: 'gaussian', mean: 120, sigma: 40 } } }).jpeg().toBuffer();
}

test.describe('photo tags', () => {
  test('one person tags another in a new photo; the tagged person is told the tag waits for review, approves it from their activity, finds the post on their Tagged tab, and the photo shows the tag @mobile', async ({ page, browser }) => {
    test.setTimeout(150_000);
    // The person to be tagged signs up first, so that the tagger's search finds them.
    const taggedContext = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.93' } });
    const tagged = await taggedContext.newPage();
    const them = await signUpInBrowser(tagged, 'tgd');
    const me = await signUpInBrowser(page, 'tgr');

    // The tagger makes a photo post and tags them, clicking where they are in the photo.
    await openCreate(page, 'Post');
    await page.getByLabel('Select from computer').setInputFiles({ name: 'friends.jpg', mimeType: 'image/jpeg', buffer: await photo() });
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    const surface = page.getByRole('button', { name: 'Tag someone in this photo' });
    const box = (await surface.boundingBox())!;
    await surface.click({ position: { x: box.width * 0.3, y: box.height * 0.4 } });
    await page.getByRole('combobox', { name: 'Search for a person to tag' }).fill(them.username);
    await page.getByRole('option').filter({ hasText: them.username }).first().click();
    await expect(page.getByRole('button', { name: `Remove tag of ${them.username}` })).toBeVisible();
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(page).toHaveURL(/\/p\/[A-Za-z0-9_-]+\/$/, { timeout: 20_000 });
    const postPath = new URL(page.url()).pathname;

    // The post shows a Tags button on its photo; pressing it shows the username where it was put, as a link to the profile.
    const tagsButton = page.getByRole('button', { name: 'Tags', exact: true });
    await expect(tagsButton).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('list', { name: 'People tagged' })).toHaveCount(0);
    await tagsButton.click();
    const labels = page.getByRole('list', { name: 'People tagged' });
    await expect(labels.getByRole('link', { name: them.username, exact: true })).toHaveAttribute('href', `/${them.username}/`);
    await expect(tagsButton).toHaveAttribute('aria-expanded', 'true');
    // The label stands where the tag was put: 30% across, 40% down the photo.
    const photoBox = (await page.getByRole('img', { name: `Photo by ${me.username}` }).boundingBox())!;
    const labelBox = (await labels.getByRole('listitem').boundingBox())!;
    expect(Math.abs(labelBox.x + labelBox.width / 2 - (photoBox.x + photoBox.width * 0.3))).toBeLessThan(4);
    expect(Math.abs(labelBox.y - (photoBox.y + photoBox.height * 0.4))).toBeLessThan(12);
    await expectAccessible(page);
    // By keyboard: Escape hides the tags and puts focus back on the button; Enter shows them again.
    await labels.getByRole('link', { name: them.username, exact: true }).focus();
    await page.keyboard.press('Escape');
    await expect(labels).toHaveCount(0);
    await expect(tagsButton).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('list', { name: 'People tagged' })).toBeVisible();

    // The tagged person: the heart says there is new activity; the activity tells them the tag waits for their review.
    await tagged.goto('/');
    await expect(tagged.getByRole('link', { name: 'Activity' }).filter({ visible: true }).first()).toHaveAccessibleDescription('New activity');
    await tagged.goto('/accounts/activity/');
    const story = tagged.getByRole('listitem').filter({ hasText: `${me.username} tagged you in a post.` });
    await expect(story).toContainText('tagged you in a post. Approve the tag to show the post on your profile.');
    await expect(story.getByRole('button', { name: `Remove tag on ${me.username}’s post` })).toBeVisible();
    await expectAccessible(tagged);
    await story.getByRole('button', { name: `Approve tag on ${me.username}’s post` }).click();
    await expect(story.getByRole('status')).toHaveText('Tag approved');
    await expect(story.getByRole('button', { name: `Approve tag on ${me.username}’s post` })).toHaveCount(0);
    await expect(story).not.toContainText('Approve the tag');

    // Their Tagged tab has the post, approved (no review bar), and their switch says new tags wait for approval.
    await tagged.goto(`/${them.username}/tagged/`);
    const grid = tagged.getByRole('list', { name: `Posts ${them.username} is tagged in` });
    await expect(grid.locator(`a[href="${postPath}"]`)).toBeVisible();
    await expect(grid.getByRole('group')).toHaveCount(0);
    await expect(tagged.getByRole('switch', { name: 'Manually approve tags' })).toHaveAttribute('aria-checked', 'true');
    await expectAccessible(tagged);

    // Anyone opening the post sees the tag: a tap on the photo shows it too.
    await grid.locator(`a[href="${postPath}"]`).click();
    await expect(tagged).toHaveURL(new RegExp(`${postPath}$`));
    await tagged.getByRole('img', { name: `Photo by ${me.username}` }).click();
    await expect(tagged.getByRole('list', { name: 'People tagged' }).getByRole('link', { name: them.username, exact: true })).toBeVisible();
    await taggedContext.close();
  });
});
