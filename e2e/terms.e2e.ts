import { request, type BrowserContext } from '@playwright/test';
import { expect, expectAccessible, test, uniquePerson } from './fixtures';
import { ownService } from './own-service';

/**
 * New terms meet a person who agreed to older ones. The suite's server runs with the default
 * TOS_VERSION, whose every account is current; so this journey runs a service of its own, as an
 * operator upgrading the terms would: first with the default version (the accounts sign up and
 * agree to it), then restarted on the same data with a newer TOS_VERSION and consent required.
 * The session cookies made before the restart stay valid (sessions live in the database).
 */
const service = ownService('terms');
const ORIGIN = service.origin;
const NEW_VERSION = '2027-01';

type Account = { username: string; cookies: Awaited<ReturnType<BrowserContext['cookies']>> };
const people: { agrees?: Account; declines?: Account } = {};

/** A new account, signed up (and so agreeing to the terms then in force) through the API; its cookies. */
async function signUpThroughApi() {
  const person = uniquePerson('terms');
  const api = await request.newContext({ baseURL: ORIGIN });
  const token = (await (await api.get('/data/shared_data/')).json()).config.csrf_token as string;
  const res = await api.post('/accounts/web_create_ajax/', {
    form: { email: person.email, username: person.username, password: person.password, first_name: person.fullName, year: '1990', month: '5', day: '6' },
    headers: { 'x-csrftoken': token },
  });
  expect(res.ok()).toBe(true);
  const { cookies } = await api.storageState();
  await api.dispose();
  return { username: person.username, cookies };
}

test.describe('new terms', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    await service.start();
    people.agrees = await signUpThroughApi();
    people.declines = await signUpThroughApi();
    await service.stop();
    await service.start({ TOS_VERSION: NEW_VERSION, GDPR_REQUIRED: 'true' });
  });

  test.afterAll(async () => {
    await service.dispose();
  });

  test('R-000-routes-16: a person who agreed to older terms meets them first, and agrees with both consents', async ({ page, context }) => {
    await context.addCookies(people.agrees!.cookies);
    await page.goto(`${ORIGIN}/explore/`);
    await expect(page).toHaveURL(`${ORIGIN}/terms/start/?next=%2Fexplore%2F`);
    await expect(page.getByRole('heading', { level: 1, name: "We're updating our terms" })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Read the full Terms of Use' })).toHaveAttribute('href', '/legal/terms/');
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Review the terms' }).click();
    await expect(page).toHaveURL(`${ORIGIN}/terms/accept/?next=%2Fexplore%2F`);
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Use' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'The terms' }).getByRole('heading', { name: 'What is not allowed' })).toBeVisible();
    await expect(page.getByText(`Version ${NEW_VERSION}`)).toBeVisible();
    await expectAccessible(page);
    // Consent is required here: Agree without the boxes ticked says so, and nothing is saved.
    await page.getByRole('button', { name: 'Agree', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Tick both boxes to agree.');
    await page.getByLabel('I agree to the Terms of Use.').check();
    await page.getByLabel('I agree that my data is used as the Data Policy describes.').check();
    await page.getByRole('button', { name: 'Agree', exact: true }).click();

    await expect(page).toHaveURL(`${ORIGIN}/terms/new_terms_confirm/?next=%2Fexplore%2F`);
    await expect(page.getByRole('heading', { level: 1, name: "You've agreed to the new terms" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Continue' }).click();
    await expect(page).toHaveURL(`${ORIGIN}/explore/`);
    // Agreed: pages open as before, the server's too.
    await page.goto(`${ORIGIN}/`);
    await expect(page).toHaveURL(`${ORIGIN}/`);
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  });

  test('R-000-routes-16: "Not now" blocks the account; the unblock screen leads back to agreeing, and in-app navigation stays on it', async ({ page, context }) => {
    await context.addCookies(people.declines!.cookies);
    await page.goto(`${ORIGIN}/terms/accept/`);
    await page.getByRole('button', { name: 'Not now' }).click();
    await expect(page).toHaveURL(`${ORIGIN}/terms/unblock/`);
    await expect(page.getByRole('heading', { level: 1, name: "You can't use Shutter until you agree to the terms" })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    await expectAccessible(page);

    // A navigation inside the app (no page load) is sent back too.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/explore/');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(`${ORIGIN}/terms/unblock/?next=%2Fexplore%2F`);
    // And a page load of the server's.
    await page.goto(`${ORIGIN}/${people.declines!.username}/`);
    await expect(page).toHaveURL(new RegExp(`/terms/unblock/\\?next=%2F${people.declines!.username}%2F$`));

    await page.getByRole('link', { name: 'Review and agree' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Use' })).toBeVisible();
    await page.getByLabel('I agree to the Terms of Use.').check();
    await page.getByLabel('I agree that my data is used as the Data Policy describes.').check();
    await page.getByRole('button', { name: 'Agree', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: "You've agreed to the new terms" })).toBeVisible();
    await page.getByRole('link', { name: 'Continue' }).click();
    await expect(page).toHaveURL(`${ORIGIN}/${people.declines!.username}/`);
  });
});
