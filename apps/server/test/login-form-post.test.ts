import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_FORM_FIELD } from '@shutter/contract';
import { Agent, signUp } from './helpers/agent.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';
import { buildServerEntry } from './helpers/web-build.js';

let t: TestApp;
let build: Awaited<ReturnType<typeof buildServerEntry>>;
beforeAll(async () => {
  build = await buildServerEntry();
  t = await createTestApp({ webDist: build.webDist });
});
afterAll(async () => {
  await t.close();
  build.remove();
});

/** The csrf token the login page's form carries, as a browser without script would send it back. */
async function formToken(agent: Agent, url = '/accounts/login/'): Promise<string> {
  const page = await agent.get(url);
  expect(page.status).toBe(200);
  const field = new RegExp(`<input type="hidden" name="${CSRF_FORM_FIELD}" value="([^"]+)"`).exec(page.text);
  expect(field, 'the login form carries the csrf token').not.toBeNull();
  return field![1]!;
}

/** A native form post: the token in the form's field, no X-CSRFToken header. */
const postForm = (agent: Agent, url: string, form: Record<string, string>) => agent.request('POST', url, { form, csrf: false });

describe(`the login page's form posted without script (${databaseKind})`, () => {
  it('logs in: a 303 to the feed with the session cookie, the csrftoken renewed; `next` is followed when it is a path of the site', async () => {
    const person = await signUp(new Agent(t.app));
    const agent = new Agent(t.app);
    const token = await formToken(agent);
    const before = agent.cookies.get('csrftoken');
    const res = await postForm(agent, '/accounts/login/', { username: person.username, password: person.password, [CSRF_FORM_FIELD]: token });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/');
    expect(agent.cookies.get('sessionid')).toBeTruthy();
    expect(agent.cookies.get('csrftoken')).not.toBe(before);
    expect((await agent.get('/data/shared_data/')).body.config.viewer.username).toBe(person.username);

    const going = new Agent(t.app);
    const next = await postForm(going, `/accounts/login/?next=${encodeURIComponent('/explore/')}`, { username: person.username, password: person.password, [CSRF_FORM_FIELD]: await formToken(going, '/accounts/login/?next=%2Fexplore%2F') });
    expect(next.status).toBe(303);
    expect(next.headers.location).toBe('/explore/');
    const elsewhere = new Agent(t.app);
    const away = await postForm(elsewhere, `/accounts/login/?next=${encodeURIComponent('//evil.example/')}`, { username: person.username, password: person.password, [CSRF_FORM_FIELD]: await formToken(elsewhere) });
    expect(away.headers.location).toBe('/');
  });

  it('the form posts back to the login page, keeping `next`', async () => {
    const page = await new Agent(t.app).get('/accounts/login/?next=%2Fexplore%2F');
    const form = /<form[^>]*>/.exec(page.text)![0];
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/accounts/login/?next=%2Fexplore%2F"');
  });

  it('a wrong password answers the login page, rendered with the error and the username typed, and no session', async () => {
    const person = await signUp(new Agent(t.app));
    const agent = new Agent(t.app);
    const res = await postForm(agent, '/accounts/login/', { username: person.username, password: 'not the password', [CSRF_FORM_FIELD]: await formToken(agent) });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const root = res.text.slice(res.text.indexOf('<div id="root"'));
    expect(root).toMatch(/role="alert"[^>]*>Sorry, your username or password was incorrect\./);
    expect(root).toContain(`value="${person.username}"`);
    expect(root).not.toContain('not the password');
    expect(agent.cookies.has('sessionid')).toBe(false);
    // The page again carries a token that works: the next try goes through.
    const again = await postForm(agent, '/accounts/login/', { username: person.username, password: person.password, [CSRF_FORM_FIELD]: await formToken(agent) });
    expect(again.status).toBe(303);
  });

  it('empty fields answer the page with what is missing, not a 400', async () => {
    const agent = new Agent(t.app);
    const res = await postForm(agent, '/accounts/login/', { username: '', password: '', [CSRF_FORM_FIELD]: await formToken(agent) });
    expect(res.status).toBe(200);
    expect(res.text).toContain('Enter your username or email.');
  });

  it('refuses a post without the csrf field, with a wrong one, or with no csrftoken cookie (403), and logs no one in', async () => {
    const person = await signUp(new Agent(t.app));
    const form = { username: person.username, password: person.password };
    const missing = new Agent(t.app);
    await formToken(missing);
    expect((await postForm(missing, '/accounts/login/', form)).status).toBe(403);
    const wrong = new Agent(t.app);
    await formToken(wrong);
    expect((await postForm(wrong, '/accounts/login/', { ...form, [CSRF_FORM_FIELD]: 'x'.repeat(43) })).status).toBe(403);
    // A token read from another visitor's page, sent without that visitor's cookie (a cross-site form).
    const victim = new Agent(t.app);
    const stolen = await formToken(victim);
    const attacker = new Agent(t.app);
    await attacker.get('/data/shared_data/');
    expect((await postForm(attacker, '/accounts/login/', { ...form, [CSRF_FORM_FIELD]: stolen })).status).toBe(403);
    for (const agent of [missing, wrong, attacker]) expect(agent.cookies.has('sessionid')).toBe(false);
  });

  it('the app\'s JSON login answers as before', async () => {
    const person = await signUp(new Agent(t.app));
    const res = await new Agent(t.app).post('/accounts/login/ajax/', { username: person.username, password: person.password });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ authenticated: true, user: true, userId: person.id, status: 'ok' });
  });
});
