import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

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

/** No accessibility violations (WCAG 2.1 A and AA) on what the page shows now. */
export async function expectAccessible(page: Page): Promise<void> {
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
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
}
