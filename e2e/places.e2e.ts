import sharp from 'sharp';
import { expect, expectAccessible, logIn, openCreate, test, signUpInBrowser } from './fixtures';

test.describe('places and the location directory', () => {
  test("a post's place opens the place page: where it is, its top posts and its newest posts @mobile", async ({ page }) => {
    test.setTimeout(90_000);
    await logIn(page, 'alice');
    const named = /^(Miradouro da Senhora do Monte|LX Factory|Jardin du Luxembourg|Canal Saint-Martin|Prospect Park|Fushimi Inari Taisha)$/;
    const placeLink = page.getByRole('article').getByRole('link', { name: named }).first();
    const name = (await placeLink.textContent())!;
    await placeLink.click();
    await expect(page).toHaveURL(/\/explore\/locations\/\d+\/[a-z-]+\/$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    // A place the demo world named inside a city: its city and country lead into the directory.
    const city = page.getByRole('link', { name: /^(Lisbon|Paris|New York City|Kyoto)$/ });
    await expect(city).toBeVisible();
    await expect(page.getByText(/° N, .*° [EW]$/)).toBeVisible();
    await expect(page.getByText(/^\d+ posts?$/)).toBeVisible();
    const recent = page.getByRole('list', { name: `Posts at ${name}` });
    await expect(recent.getByRole('link').first()).toBeVisible();
    await expect(page).toHaveTitle(`${name} • Shutter`);
    await expectAccessible(page);
    const cityName = (await city.textContent())!;
    await city.click();
    await expect(page.getByRole('heading', { level: 1, name: cityName })).toBeVisible();
    await expect(page.getByRole('list', { name: `Places in ${cityName}` }).getByRole('link', { name })).toBeVisible();
  });

  test('a visitor browses the directory from the countries to a country, a city and a place @mobile', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/explore/locations/');
    // On a phone the bar above shows the title, so the page's heading is for screen readers only.
    await expect(page.getByRole('heading', { level: 1, name: 'Locations' })).toBeAttached();
    await expectAccessible(page);
    // Only the countries people posted in, by name: the demo world's, not every country there is.
    const countries = page.getByRole('list', { name: 'Countries' });
    const portugal = countries.getByRole('link', { name: 'Portugal' });
    await expect(portugal).toBeVisible();
    await expect(countries.getByRole('link', { name: 'Afghanistan' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'See more' })).toHaveCount(0);
    await portugal.click();
    await expect(page).toHaveURL(/\/explore\/locations\/PT\/portugal\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Portugal' })).toBeAttached();
    // Lisbon and Porto have posts; Portugal's other towns have none yet and are left out.
    const cities = page.getByRole('list', { name: 'Cities in Portugal' });
    await expect(cities.getByRole('link', { name: 'Porto' })).toBeVisible();
    await expect(cities.getByRole('link', { name: 'Braga' })).toHaveCount(0);
    await cities.getByRole('link', { name: 'Lisbon' }).click();
    await expect(page).toHaveURL(/\/explore\/locations\/c2267057\/lisbon\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Lisbon' })).toBeAttached();
    await expectAccessible(page);
    await page.getByRole('list', { name: 'Places in Lisbon' }).getByRole('link', { name: 'LX Factory' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'LX Factory' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Posts at LX Factory' }).getByRole('link').first()).toBeVisible();
    // The city is a place too: its own posts.
    await page.goto('/locations/c2267057/');
    await page.getByRole('link', { name: 'See posts in Lisbon' }).click();
    await expect(page).toHaveURL(/\/explore\/locations\/2267057\/lisbon\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Lisbon' })).toBeVisible();
    await page.goto('/explore/locations/999999999/nowhere/');
    await expect(page.getByText("Sorry, this page isn't available.")).toBeVisible();
  });

  test('the directory pages are plain links in the HTML, readable without scripts', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/explore/locations/PT/portugal/');
    await expect(page.getByRole('heading', { level: 1, name: 'Portugal' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Lisbon' })).toHaveAttribute('href', '/explore/locations/c2267057/lisbon/');
    await page.goto('/explore/locations/');
    await expect(page.getByRole('link', { name: 'Portugal' })).toHaveAttribute('href', '/explore/locations/PT/portugal/');
    await context.close();
  });

  test('the composer picks a place from location search, and the new post links to that place', async ({ page }) => {
    test.setTimeout(90_000);
    // A person of its own: the demo personas' newest posts are what other journeys open.
    await signUpInBrowser(page, 'place');
    await openCreate(page, 'Post');
    await expect(page).toHaveURL(/\/create\//);
    const buffer = await sharp({ create: { width: 600, height: 600, channels: 3, background: { r: 40, g: 120, b: 200 } } }).jpeg().toBuffer();
    await page.getByLabel('Select from computer').setInputFiles({ name: 'porto.jpg', mimeType: 'image/jpeg', buffer });
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    const field = page.getByRole('combobox', { name: 'Add location' });
    await field.fill('port');
    const option = page.getByRole('option', { name: /^Porto\b.*Portugal/ });
    await expect(option).toBeVisible();
    await field.press('ArrowDown');
    await option.click();
    await expect(field).toHaveValue('Porto');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(page).toHaveURL(/\/p\/[A-Za-z0-9_-]+\/$/, { timeout: 20_000 });
    await page.getByRole('link', { name: 'Porto', exact: true }).first().click();
    await expect(page).toHaveURL(/\/explore\/locations\/2735943\/porto\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Porto' })).toBeVisible();
  });
});
