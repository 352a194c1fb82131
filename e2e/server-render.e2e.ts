import type { Browser, BrowserContext, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, logIn, publishPhoto, signUpInBrowser, test } from './fixtures.js';

const FEED_QUERY = 'query_hash=09353387931db36c8af0e1b3658ddffe';

/**
 * What the console says about hydration: React reports a mismatch as an error (in the production
 * build as "Minified React error #418" and its neighbours), then renders the page again itself.
 */
function watchHydration(page: Page): string[] {
  const problems: string[] = [];
  const isProblem = (text: string) => /hydrat|did not match|server rendered|React error #4(18|19|21|22|23|25)\b/i.test(text);
  page.on('console', (message) => {
    if ((message.type() === 'error' || message.type() === 'warning') && isProblem(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (isProblem(error.message)) problems.push(error.message);
  });
  return problems;
}

/** Another context with the session of `page` (logged in), with or without JavaScript. */
async function sameSession(browser: Browser, page: Page, javaScriptEnabled: boolean): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, javaScriptEnabled, viewport: page.viewportSize() ?? undefined });
  await context.addCookies(await page.context().cookies());
  return context;
}

test.describe('pages rendered on the server', () => {
  test('what a person types before the page\'s script runs is kept by the form', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    await page.route('**/assets/**/*.js', async (route) => { await held; await route.continue(); });
    await page.goto('/accounts/login/', { waitUntil: 'commit' });
    await page.getByLabel('Username or email').fill('alice');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeDisabled();
    release();
    const logIn = page.getByRole('button', { name: 'Log in', exact: true });
    await expect(logIn).toBeEnabled();
    await logIn.click();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  });

  // New accounts publish here: a post of a demo account would head the feeds other journeys read.
  test('the feed reads without JavaScript: its first post\'s photo and caption are in the HTML @mobile', async ({ browser, page }) => {
    await signUpInBrowser(page, 'ssr');
    const caption = `read without scripts ${Date.now()}`;
    await publishPhoto(page, caption);
    const context = await sameSession(browser, page, false);
    const noScript = await context.newPage();
    await noScript.goto('/');
    const first = noScript.getByRole('article').first();
    await expect(first).toBeVisible();
    await expect(first.getByText(caption)).toBeVisible();
    const photo = first.locator('img[fetchpriority="high"]').first();
    await expect(photo).toBeVisible();
    // The photo is the one the head preloads, and it has arrived.
    const preloaded = await noScript.locator('head link[rel="preload"][as="image"]').getAttribute('imagesrcset');
    expect(await photo.getAttribute('srcset')).toBe(preloaded);
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await context.close();
  });

  test('a post published is in the feed\'s HTML, rendered, and the page hydrates without a mismatch; a like works after @mobile', async ({ browser, page }) => {
    // A signup, a post and two more page loads: more than the default on a busy machine.
    test.setTimeout(60_000);
    await signUpInBrowser(page, 'ssr');
    const caption = `server rendered ${Date.now()}`;
    await publishPhoto(page, caption);
    const html = await (await page.request.get('/')).text();
    const root = html.slice(html.indexOf('<div id="root"'), html.indexOf('id="first-screen"'));
    expect(root).toContain(caption);
    expect(root).toContain('<article');

    const context = await sameSession(browser, page, true);
    const hydrated = await context.newPage();
    const problems = watchHydration(hydrated);
    // The first post's element as the server sent it: hydration keeps it, a render from scratch replaces it.
    await hydrated.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { serverArticle: Element | null }).serverArticle = document.querySelector('#root article');
      });
    });
    const feedQueries: string[] = [];
    hydrated.on('request', (request) => {
      if (request.url().includes(FEED_QUERY)) feedQueries.push(request.url());
    });
    await hydrated.goto('/');
    const post = hydrated.getByRole('article').filter({ hasText: caption });
    await expect(post).toBeVisible();
    const like = post.getByRole('button', { name: 'Like', exact: true });
    // The heart turns at once; the reload below must wait for the like to reach the service.
    const liked = hydrated.waitForResponse((response) => /\/like\/$/.test(new URL(response.url()).pathname) && response.request().method() === 'POST');
    await like.click();
    await expect(post.getByRole('button', { name: 'Unlike', exact: true })).toBeVisible();
    expect((await liked).ok()).toBe(true);
    expect(await hydrated.evaluate(() => (window as unknown as { serverArticle: Element | null }).serverArticle?.isConnected)).toBe(true);
    await hydrated.reload();
    await expect(hydrated.getByRole('article').filter({ hasText: caption }).getByRole('button', { name: 'Unlike', exact: true })).toBeVisible();
    expect(problems).toEqual([]);
    // The feed came with the page: the client asked for none.
    expect(feedQueries).toEqual([]);
    await context.close();
  });

  test('on a slow phone the app takes the feed over as the server sent it, then turns: no post blanks or is rendered anew, the frame included @mobile', async ({ browser, page }) => {
    // The page runs four times slower than on this machine.
    test.setTimeout(90_000);
    await logIn(page, 'bob');
    const context = await sameSession(browser, page, true);
    const phone = await context.newPage();
    const problems = watchHydration(phone);
    // A phone's processor: four times slower than this machine's.
    await (await context.newCDPSession(phone)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await phone.addInitScript(() => {
      const seen = window as unknown as { serverArticle: Element | null; serverNav: Element | null; blanked: boolean };
      seen.blanked = false;
      document.addEventListener('DOMContentLoaded', () => {
        seen.serverArticle = document.querySelector('#root article');
        seen.serverNav = document.querySelector('#root nav[aria-label="Tabs"]');
        new MutationObserver(() => {
          if (!document.querySelector('#root article')) seen.blanked = true;
        }).observe(document.getElementById('root')!, { childList: true, subtree: true });
      });
    });
    await phone.goto('/');
    await expect(phone.getByRole('article').first()).toBeVisible();
    // Once the app has taken the page over, the phone turns: the layout renders for another width
    // at once, which reaches every part of the page, including any whose code is still coming.
    await expect(phone.locator('#root[data-ssr]')).toHaveCount(0);
    const { width } = phone.viewportSize()!;
    await phone.setViewportSize({ width: width > 767 ? 600 : 1100, height: 800 });
    await phone.waitForLoadState('networkidle');
    const seen = await phone.evaluate(() => {
      const { serverArticle, serverNav, blanked } = window as unknown as { serverArticle: Element | null; serverNav: Element | null; blanked: boolean };
      return { article: serverArticle?.isConnected, nav: serverNav?.isConnected, blanked };
    });
    expect(seen).toEqual({ article: true, nav: true, blanked: false });
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a profile, a post and a hashtag page hydrate what the server rendered, logged out and logged in', async ({ browser, page }) => {
    // A sign-up, a post, then six pages each waited to the network's rest.
    test.setTimeout(90_000);
    const person = await signUpInBrowser(page, 'ssr');
    const caption = `harbour lights #ssrharbour${Date.now().toString(36)}`;
    const { shortcode } = await publishPhoto(page, caption);
    const tag = caption.split('#')[1]!;
    const paths = [`/${person.username}/`, `/p/${shortcode}/`, `/explore/tags/${tag}/`];
    for (const loggedIn of [false, true]) {
      const context = loggedIn ? await sameSession(browser, page, true) : await browser.newContext({ baseURL: test.info().project.use.baseURL });
      for (const path of paths) {
        const html = await (await context.request.get(path)).text();
        expect(html, path).toMatch(/<div id="root" data-ssr="">\s*<(div|link)/);
        const visit = await context.newPage();
        const problems = watchHydration(visit);
        await visit.goto(path);
        await expect(visit.locator('main')).toBeVisible();
        await expect(visit.getByRole('link', { name: person.username }).first()).toBeVisible();
        // A moment for effects after hydration (the relative times, the real viewport) to run.
        await visit.waitForLoadState('networkidle');
        expect(problems, `${path} ${loggedIn ? 'logged in' : 'logged out'}`).toEqual([]);
        await visit.close();
      }
      await context.close();
    }
  });

  test('a step of the post or story flow opened by its address renders on the server and hydrates without an error', async ({ page }) => {
    await signUpInBrowser(page, 'ssrstep');
    for (const path of ['/create/style/', '/create/details/', '/create/story/']) {
      const problems = watchHydration(page);
      await page.goto(path);
      await expect(page.locator('main')).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(problems, path).toEqual([]);
      page.removeAllListeners('console');
      page.removeAllListeners('pageerror');
    }
  });

  test('the landing page hydrates nothing: it is the build\'s, rendered over without a mismatch', async ({ page }) => {
    const problems = watchHydration(page);
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Log in', exact: true }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    // the app loads when the visitor first reaches for the page
    await page.keyboard.press('Tab');
    await expect(page.locator('.prepaint')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  });
});
