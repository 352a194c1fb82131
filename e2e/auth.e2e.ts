import { declineSaveLoginInfo, DEMO_PASSWORD, expect, expectAccessible, fillBirthday, logIn, skipRegistrationSteps, test, uniquePerson } from './fixtures.js';

test.describe('signup, logout and login', () => {
  test('R-000-routes-9 R-001-account-2 R-002-session-1 R-002-session-2 R-000-storage-2 R-000-storage-3: sign up with email, land on home logged in, log out, log in again @mobile', async ({ page }) => {
    // Signup, the first steps, two accessibility checks, logout and login: a long journey on a busy machine.
    test.setTimeout(60_000);
    const person = uniquePerson();
    await page.goto('/accounts/emailsignup/');
    await expectAccessible(page);
    // R-000-storage-2: session storage holds the original referrer (empty for a typed address)
    expect(await page.evaluate(() => sessionStorage.getItem('shutter.original-referrer'))).toBe('');
    await page.getByLabel('Email', { exact: true }).fill(person.email);
    await page.getByLabel('Full name').fill(person.fullName);
    await page.getByLabel('Username', { exact: true }).fill(person.username);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await fillBirthday(page);
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await skipRegistrationSteps(page, 20_000);

    await expect(page).toHaveURL(/\/$/);
    // a new account's feed is empty and says what to do next
    await expect(page.getByRole('heading', { name: 'Your feed is empty' })).toBeVisible();
    await expectAccessible(page);

    // R-001-account-2 / R-002-session-2: logging out clears the local caches and goes to /
    await page.evaluate(() => localStorage.setItem('feed-cache', '{"items":[1]}'));
    await page.evaluate(() => localStorage.setItem('shutter.route-scroll-positions', '{"/explore/":300}'));
    const logout = page.waitForRequest((r) => r.url().endsWith('/accounts/logout/') && r.method() === 'POST');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    // R-002-session-1: a form post carrying the csrf token
    const sent = await logout;
    expect(sent.headers()['content-type']).toContain('application/x-www-form-urlencoded');
    expect(new URLSearchParams(sent.postData() ?? '').get('csrfmiddlewaretoken')).toBeTruthy();
    // the logout ends in a full page load of /: wait until the landing page stands
    await expect(page.getByRole('button', { name: 'Sign up', exact: true }).or(page.getByRole('link', { name: 'Sign up', exact: true })).first()).toBeVisible();
    await page.waitForLoadState('load');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
    // R-000-storage-3: the caches are gone for the logged-out visitor
    expect(await page.evaluate(() => localStorage.getItem('feed-cache'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('shutter.route-scroll-positions'))).toBeNull();
    const shared = await page.request.get('/data/shared_data/');
    expect((await shared.json()).config.viewer).toBeNull();

    await logIn(page, person.username, person.password);
    await expect(page.getByRole('heading', { name: 'Your feed is empty' })).toBeVisible();
  });

  test('R-000-signup-3: a field shows its server error only once visited; the checks that found problems are no failed requests', async ({ page }) => {
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/web_create_ajax/attempt/') && !response.ok()) failed.push(`${response.status()} ${response.url()}`);
    });
    page.on('console', (message) => {
      if (message.type() === 'error') failed.push(message.text());
    });
    await page.goto('/accounts/emailsignup/');
    const email = page.getByLabel('Email', { exact: true });
    await email.fill('not-an-email');
    await expect(async () => {
      await email.click();
      await page.getByLabel('Full name').click();
      await expect(page.getByText('Enter a valid email address.')).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
    // the username was never visited: its "Enter a username." stays hidden
    await expect(page.getByText('Enter a username.')).toHaveCount(0);
    await page.getByLabel('Username', { exact: true }).click();
    await page.getByLabel('Password', { exact: true }).click();
    await expect(page.getByText('Enter a username.')).toBeVisible();
    await expectAccessible(page);
    expect(failed).toEqual([]);
  });

  test('R-000-signup-2: a taken username gets the server error and suggestions to pick from', async ({ page }) => {
    await page.goto('/accounts/emailsignup/');
    await page.getByLabel('Email', { exact: true }).fill(uniquePerson().email);
    await page.getByLabel('Full name').fill('Alice Again');
    await page.getByLabel('Username', { exact: true }).fill('alice');
    // Left again until the check answers: on a busy machine the page's script may take over late.
    await expect(async () => {
      await page.getByLabel('Username', { exact: true }).click();
      await page.getByLabel('Password', { exact: true }).click();
      await expect(page.getByText("This username isn't available. Please try another.")).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
    const suggestion = page.getByRole('button', { name: /^Use username / }).first();
    await expect(suggestion).toBeVisible();
    const name = (await suggestion.getAttribute('aria-label'))?.replace('Use username ', '') ?? (await suggestion.innerText());
    await suggestion.click();
    await expect(page.getByLabel('Username', { exact: true })).toHaveValue(name.trim());
  });

  test('text typed into the page before its script takes over is checked once it does, as if typed after', async ({ page }) => {
    // Hold the scripts back, so that the typing happens in the server-rendered page.
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    await page.route(/\.js(\?|$)/, async (route) => { await held; await route.continue(); });
    await page.goto('/accounts/emailsignup/', { waitUntil: 'commit' });
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByLabel('Username', { exact: true }).fill('alice');
    await page.getByLabel('Full name').click();
    release();
    // Both fields were left before the script came: their server errors show.
    await expect(page.getByText('Enter a valid email address.')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText("This username isn't available. Please try another.")).toBeVisible();
    // The password was never visited: its error waits.
    await expect(page.getByText(/Create a password at least \d+ characters long\./)).toHaveCount(0);
  });

  test('R-000-auth-11: a wrong password shows the server message @mobile', async ({ page }) => {
    await page.goto('/accounts/login/');
    await expectAccessible(page);
    await page.getByLabel('Username or email').fill('alice');
    await page.getByLabel('Password', { exact: true }).fill('not her password');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Sorry, your username or password was incorrect. Please double-check them and try again.');
    await expect(page).toHaveURL(/\/accounts\/login\/$/);
    // a second failure still shows the message
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('incorrect');
  });

  test('an unknown user gets the same message as a wrong password', async ({ page }) => {
    await page.goto('/accounts/login/');
    await page.getByLabel('Username or email').fill('nobody_by_that_name');
    await page.getByLabel('Password', { exact: true }).fill('whatever123');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Sorry, your username or password was incorrect. Please double-check them and try again.');
  });
});

test.describe('route guards', () => {
  test('R-000-routes-4: a logged-out visitor on a protected page goes to login, then back there @mobile', async ({ page }) => {
    await page.goto('/session/login_activity/');
    await expect(page).toHaveURL(/\/accounts\/login\/\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('source')).toBe('logged_out_redirect');
    expect(url.searchParams.get('next')).toBe('/session/login_activity/');
    await page.getByLabel('Username or email').fill('bob');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await declineSaveLoginInfo(page);
    await expect(page).toHaveURL(/\/session\/login_activity\/$/);
    await expect(page.getByRole('heading', { name: 'Login activity' })).toBeVisible();
  });

  test('R-000-routes-5: a logged-in visitor on a login-only page goes to /', async ({ page }) => {
    await logIn(page, 'carol');
    await page.goto('/accounts/login/');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/accounts/emailsignup/');
    await expect(page).toHaveURL(/\/$/);
  });

  test('R-000-routes-1: a path without its trailing slash is normalized, on the server and in the client', async ({ page }) => {
    const res = await page.goto('/accounts/login?source=test');
    expect(res?.status()).toBe(200);
    await expect(page).toHaveURL(/\/accounts\/login\/\?source=test$/);
    await page.evaluate(() => {
      window.history.pushState({}, '', '/accounts/emailsignup');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(/\/accounts\/emailsignup\/$/);
    await expect(page.getByRole('button', { name: 'Sign up', exact: true })).toBeVisible();
  });

  test('an unknown page shows the 404 screen', async ({ page }) => {
    const res = await page.goto('/no/such/page/');
    expect(res?.status()).toBe(404);
    await expect(page.getByText("Sorry, this page isn't available.")).toBeVisible();
    await expectAccessible(page);
  });

  test('R-000-routes-26: an in-app navigation to a path no route matches is a full page load', async ({ page }) => {
    await page.goto('/accounts/login/');
    await page.evaluate(() => { (window as unknown as { marker: number }).marker = 1; });
    const load = page.waitForEvent('load');
    await page.evaluate(() => {
      window.history.pushState({ key: 'x' }, '', '/somewhere/not/ours/');
      window.dispatchEvent(new PopStateEvent('popstate', { state: { key: 'x' } }));
    });
    await load;
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
    await expect(page.getByText("Sorry, this page isn't available.")).toBeVisible();
  });

  test('R-000-routes-25: any other single segment is a profile', async ({ page }) => {
    await page.goto('/kenji/');
    await expect(page.getByRole('heading', { name: 'kenji' })).toBeVisible();
    await expect(page.getByText('Kenji Sato')).toBeVisible();
    await expect(page).toHaveTitle('Kenji Sato (@kenji) • Shutter');
    await page.goto('/nobody_named_this/');
    await expect(page.getByText("Sorry, this page isn't available.")).toBeVisible();
  });

  test('R-002-navigation-10 R-002-navigation-11: logged out, the bar has "Log in" (source desktop_nav) and "Sign up" (email signup) @mobile', async ({ page }) => {
    await page.goto('/lena/');
    const logInLink = page.getByRole('link', { name: 'Log in', exact: true }).first();
    const href = new URL((await logInLink.getAttribute('href'))!, 'http://x');
    expect(href.pathname).toBe('/accounts/login/');
    expect(href.searchParams.get('source')).toBe('desktop_nav');
    await expect(page.getByRole('link', { name: 'Sign up', exact: true }).first()).toHaveAttribute('href', '/accounts/emailsignup/');
    await expectAccessible(page);
  });
});
