import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';

let n = 0;
/** Each test gets an address of its own (documentation range), sent as X-Forwarded-For. */
export const test = base.extend({
  extraHTTPHeaders: async ({}, use, info) => {
    n += 1;
    await use({ 'x-forwarded-for': `203.0.${(info.workerIndex * 37 + n) % 250}.${(info.parallelIndex * 11 + n * 7) % 250 + 1}` });
  },
});
export { expect };

export const DEMO_PASSWORD = 'shutter-demo';

/**
 * Opens a menu from its button and picks an item. Pages come rendered by the server, so a click
 * before the page's script has taken over opens nothing: the click is repeated until the item shows.
 */
export async function chooseFromMenu(page: Page, button: Locator, item: string): Promise<void> {
  const entry = page.getByRole('menuitem', { name: item });
  await expect(async () => {
    if (!(await entry.isVisible())) await button.click();
    await expect(entry).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await entry.click();
}

/** No accessibility violations (WCAG 2.1 A and AA) on what the page shows now. */
export async function expectAccessible(page: Page): Promise<void> {
  // A transition caught halfway (a button fading back in after loading) is not what a person
  // reads: let finite animations end first; spinners turn forever and are left alone.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(', ')})`);
  expect(summary).toEqual([]);
}

export function uniquePerson(prefix = 'e2e') {
  const id = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  return { email: `${id}@example.org`, username: id.slice(0, 30), fullName: 'Eve Tester', password: 'a long enough secret' };
}

export async function logIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/accounts/login/');
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await declineSaveLoginInfo(page);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
}

/** After a login, "Save your login info?" answered Not now: the page goes on to where the login was going. */
export async function declineSaveLoginInfo(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/accounts\/onetap\/\?next=/);
  await page.getByRole('main').getByRole('button', { name: 'Not now', exact: true }).click();
  await expect(page).not.toHaveURL(/\/accounts\/onetap\//);
}

/** After a signup, the new account's first steps (a profile photo, people to follow) skipped to home. */
export async function skipRegistrationSteps(page: Page, timeout = 5_000): Promise<void> {
  await expect(page).toHaveURL(/\/accounts\/registered\/$/, { timeout });
  await page.getByRole('button', { name: 'Skip', exact: true }).click();
  await expect(page).toHaveURL(/\/accounts\/registered\/2\/$/);
  await page.getByRole('button', { name: 'Skip', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}

interface OutboxMessage {
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
}

/** The newest mail or text to `recipient` matching `pattern` (the e2e server has no SMTP: they stay in its outbox). */
export async function fromOutbox(page: Page, recipient: string, pattern: RegExp, count = 1): Promise<string> {
  let found: OutboxMessage[] = [];
  await expect(async () => {
    const { messages } = (await (await page.request.get('/dev/outbox/?__a=1')).json()) as { messages: OutboxMessage[] };
    found = messages.filter((m) => m.recipient === recipient && pattern.test(m.body));
    expect(found.length).toBeGreaterThanOrEqual(count);
  }).toPass();
  return found[0]!.body;
}

/** Picks a birthday in the signup's month, day and year (an adult's, unless told). */
export async function fillBirthday(page: Page, birthday = { year: '1994', month: 'March', day: '14' }): Promise<void> {
  await page.getByLabel('Month', { exact: true }).selectOption({ label: birthday.month });
  await page.getByLabel('Day', { exact: true }).selectOption({ label: birthday.day });
  await page.getByLabel('Year', { exact: true }).selectOption({ label: birthday.year });
}

/** A new account, logged in on `page`, made through the signup endpoint (for journeys that do not test the form). */
export async function signUpThroughApi(page: Page, prefix = 'e2e') {
  const person = uniquePerson(prefix);
  const token = (await (await page.request.get('/data/shared_data/')).json()).config.csrf_token as string;
  const made = await page.request.post('/accounts/web_create_ajax/', {
    form: { email: person.email, username: person.username, password: person.password, first_name: person.fullName, month: '3', day: '14', year: '1994' },
    headers: { 'x-csrftoken': token },
  });
  expect(made.ok(), await made.text()).toBe(true);
  return person;
}

/** Logs out from the account menu and waits for the landing page's full load. */
export async function logOutInBrowser(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
  await page.waitForLoadState('load');
}

/** A new account made through the signup form, logged in on `page`. */
export async function signUpInBrowser(page: Page, prefix = 'e2e') {
  const person = uniquePerson(prefix);
  await page.goto('/accounts/emailsignup/');
  await page.getByLabel('Email', { exact: true }).fill(person.email);
  await page.getByLabel('Full name').fill(person.fullName);
  await page.getByLabel('Username', { exact: true }).fill(person.username);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  // A date picked before the page's script takes over is reset by it: pick again until Sign up is on.
  const submit = page.getByRole('button', { name: 'Sign up', exact: true });
  await expect(async () => {
    if (!(await submit.isEnabled())) await fillBirthday(page);
    await expect(submit).toBeEnabled({ timeout: 1_000 });
  }).toPass();
  // A signup hashes the password and writes the account, its session, its first login place and its
  // confirmation mail: on a busy machine that is more than the default wait. Sign up is disabled
  // while the request runs; found enabled again on the form, the click was lost (as a first click
  // in a page still taking over from its server HTML can be) or the signup refused: click again
  // (a refusal then ends the wait with the form still there).
  await expect(async () => {
    if (/\/accounts\/emailsignup\/$/.test(new URL(page.url()).pathname) && (await submit.isVisible()) && (await submit.isEnabled())) {
      await submit.click({ timeout: 2_000 });
    }
    await expect(page).toHaveURL(/\/accounts\/registered\/$/, { timeout: 10_000 });
  }).toPass({ timeout: 40_000 });
  await skipRegistrationSteps(page);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  return person;
}

/** Opens the navigation's Create menu (the top bar's, or the phone's tab bar's) and picks Post or Story. */
export async function openCreate(page: Page, what: 'Post' | 'Story'): Promise<void> {
  const bar = page.getByRole('navigation', { name: 'Primary' }).or(page.getByRole('navigation', { name: 'Tabs' })).filter({ visible: true });
  await bar.getByRole('button', { name: 'Create', exact: true }).click();
  await page.getByRole('menu', { name: 'Create' }).getByRole('menuitem', { name: what, exact: true }).click();
}

/** Publishes a generated photo as whoever is logged in on `page`, through the API; answers the new post. */
export async function publishPhoto(page: Page, caption: string, color = { r: 250, g: 140, b: 60 }): Promise<{ id: string; shortcode: string }> {
  const token = (await (await page.request.get('/data/shared_data/')).json()).config.csrf_token as string;
  const buffer = await sharp({ create: { width: 900, height: 900, channels: 3, background: color, noise: { type: 'gaussian', mean: 120, sigma: 40 } } }).jpeg().toBuffer();
  const uploadId = `e2e${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const uploaded = await page.request.post('/create/upload/photo/', { multipart: { upload_id: uploadId, photo: { name: 'p.jpg', mimeType: 'image/jpeg', buffer } }, headers: { 'x-csrftoken': token } });
  expect(uploaded.ok()).toBe(true);
  const made = await page.request.post('/create/configure/', { form: { upload_id: uploadId, caption }, headers: { 'x-csrftoken': token } });
  expect(made.ok()).toBe(true);
  return (await made.json()).media;
}
