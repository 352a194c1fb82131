import { expect, logIn, test } from './fixtures';

test.describe('what a page loads', () => {
  test('every preload is used and no stylesheet is fetched twice, on first loads and client navigations', async ({ page }) => {
    // Six first loads, each waited to the network's rest: a busy machine needs more than the default.
    test.setTimeout(90_000);
    const warnings: string[] = [];
    const stylesheets = new Map<string, number>();
    page.on('console', (m) => {
      if (m.type() === 'warning' && /preload/i.test(m.text())) warnings.push(m.text());
    });
    page.on('request', (r) => {
      if (r.resourceType() === 'stylesheet' || r.url().endsWith('.css')) stylesheets.set(r.url(), (stylesheets.get(r.url()) ?? 0) + 1);
    });
    const twice = () => [...stylesheets].filter(([, n]) => n > 1).map(([url]) => url);

    await logIn(page, 'carol');
    for (const path of ['/', '/carol/', '/accounts/activity/', '/accounts/edit/', '/explore/tags/sunset/']) {
      stylesheets.clear();
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(twice(), path).toEqual([]);
    }
    // Client navigations load each screen's chunk and its stylesheets once.
    stylesheets.clear();
    await page.goto('/');
    await page.getByRole('link', { name: 'Profile' }).first().click();
    await expect(page).toHaveURL(/\/carol\/$/);
    await page.waitForLoadState('networkidle');
    expect(twice()).toEqual([]);
    expect(warnings).toEqual([]);
  });
});
