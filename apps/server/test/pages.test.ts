import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ROUTES } from '@shutter/contract';
import { Agent, newPerson, signUp } from './helpers/agent.js';
import { postPhoto } from './helpers/media.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';
import { pkce, registerApp, startAuthorization } from './helpers/oauth-client.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

/** GET `path` exactly as written, over a socket. */
function rawGet(port: number, path: string): Promise<{ status: number; location?: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`));
    let text = '';
    socket.setEncoding('latin1').on('data', (d) => { text += d; }).on('error', reject).on('end', () => {
      const status = Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1]);
      const location = /\r\nlocation: ([^\r]*)/i.exec(text)?.[1];
      resolve({ status, location });
    });
  });
}

const sharedDataOf = (html: string) => JSON.parse(/<script type="application\/json" id="shared-data">(.*?)<\/script>/s.exec(html)![1]!);

describe(`HTML shell and page data (${databaseKind})`, () => {
  it('R-000-routes-1: a client path without its trailing slash redirects permanently, query kept', async () => {
    const agent = new Agent(t.app);
    for (const [from, to] of [['/accounts/login', '/accounts/login/'], ['/alice?__a=1&x=%2F', '/alice/?__a=1&x=%2F'], ['/explore/tags/sun', '/explore/tags/sun/'], ['/some/unknown/path', '/some/unknown/path/']]) {
      const res = await agent.get(from!);
      expect(res.status, from).toBe(301);
      expect(res.headers.location).toBe(to);
    }
  });

  it('the trailing-slash redirect never leaves this origin', async () => {
    // Over a socket: an injected request would be parsed as a URL, and `/\\evil.example` lose its host.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    try {
      for (const path of ['//evil.example/x', '/\\evil.example/x', '/\\/evil.example', '//evil.example', '///evil.example/x', '/%09/evil.example']) {
        const res = await rawGet(port, path);
        expect(res.status, `${path} -> ${res.location}`).toBe(404);
        expect(res.location, path).toBeUndefined();
      }
      // A backslash further on stays a path of this origin.
      expect((await rawGet(port, '/a\\b')).location).toBe('/a\\b/');
      expect((await rawGet(port, '/alice')).location).toBe('/alice/');
    } finally {
      t.app.server.close();
    }
  });

  it('API paths and files are not redirected', async () => {
    const agent = new Agent(t.app);
    expect((await agent.get('/web/nothing')).status).toBe(404);
    expect((await agent.get('/missing.png')).status).toBe(404);
  });

  it('every client route answers the HTML shell with its title, Open Graph tags and the shared data', async () => {
    const agent = new Agent(t.app);
    const person = await signUp(new Agent(t.app));
    const login = await agent.get('/accounts/login/');
    expect(login.status).toBe(200);
    expect(login.headers['content-type']).toMatch(/text\/html/);
    expect(login.text).toContain('<title>Login • Shutter</title>');
    expect(login.text).toContain('<meta property="og:title" content="Login • Shutter">');
    const shared = sharedDataOf(login.text);
    expect(shared.config.viewer).toBeNull();
    // The visitor's token, masked afresh on each answer: it works as the header does.
    expect(shared.config.csrf_token).toMatch(/^[A-Za-z0-9_-]{86}$/);
    expect(sharedDataOf((await agent.get('/accounts/login/')).text).config.csrf_token).not.toBe(shared.config.csrf_token);
    expect((await agent.post('/accounts/web_create_ajax/attempt/', newPerson(), { csrf: shared.config.csrf_token })).status).toBe(200);
    const profile = await agent.get(`/${person.username}/`);
    expect(profile.text).toContain(`<title>${person.first_name} (@${person.username}) • Shutter</title>`);
    expect(profile.text).toContain('property="og:type" content="profile"');
    expect(profile.headers['content-security-policy']).toMatch(/script-src 'self'/);
  });

  it('answers every route of the route table, HTML and page data, with the access the table gives it', async () => {
    const viewer = new Agent(t.app);
    const person = await signUp(viewer);
    const media = await postPhoto(viewer, 'at #sunset');
    const location = await t.db.insertInto('locations').values({ id: '777001', name: 'Lisbon, Portugal', slug: 'lisbon-portugal', name_lower: 'lisbon, portugal' }).returning('id').executeTakeFirstOrThrow();
    const values: Record<string, string> = {
      username: person.username, code: media.shortcode, caption: 'at-sunset', tag: 'sunset', id: location.id, slug: 'lisbon-portugal', step: 'phone', mutual: 'mutualFirst', key: '0', tab: 'top',
      // An app's request waiting on the viewer's consent.
      uid: await startAuthorization(viewer, await registerApp(t.app), pkce().challenge),
    };
    // A thread's page is its members' only: the viewer's own thread with someone.
    const other = await signUp(new Agent(t.app));
    const threadId = (await viewer.post('/direct_v2/web/create_group_thread/', { recipient_users: JSON.stringify([other.id]) })).body.thread_id;
    const fill = (path: string) => (path === '/direct/t/:id/' ? `/direct/t/${threadId}/` : path.replace(/:(\w+)/g, (_, name: string) => values[name]!).replace('*', 'style/'));
    const loggedOut = new Agent(t.app);
    for (const route of CLIENT_ROUTES) {
      const path = fill(route.path);
      const mine = await viewer.get(`${path}?__a=1`);
      const theirs = await loggedOut.get(`${path}?__a=1`);
      expect(mine.status, `${route.path} (logged in)`).toBe(200);
      expect(theirs.status, `${route.path} (logged out)`).toBe(route.access === 'protected' ? 401 : 200);
      expect((await loggedOut.get(path)).headers['content-type'], path).toMatch(/text\/html/);
    }
  });

  it("the content policy lets pages connect to this service only, its WebSocket included", async () => {
    const csp = String((await new Agent(t.app).get('/accounts/login/')).headers['content-security-policy']);
    const connect = /connect-src ([^;]*)/.exec(csp)![1]!.split(' ');
    expect(connect).toEqual(["'self'", 'ws://localhost:8080']);
    const deployed = await createTestApp({ env: { PUBLIC_URL: 'https://shutter.example' } });
    try {
      const policy = String((await new Agent(deployed.app).get('/accounts/login/')).headers['content-security-policy']);
      expect(/connect-src ([^;]*)/.exec(policy)![1]).toBe("'self' wss://shutter.example");
    } finally {
      await deployed.close();
    }
  });

  it('what a user typed cannot break out of the page', async () => {
    const agent = new Agent(t.app);
    const person = await signUp(agent, { email: 'xss@example.org', username: 'xss_person', password: 'correct horse battery', first_name: '</script><script>alert(1)</script>' });
    const res = await new Agent(t.app).get(`/${person.username}/`);
    expect(res.text).not.toContain('<script>alert(1)');
    expect(res.text).toContain('&lt;/script&gt;');
    const viewerPage = await agent.get('/');
    expect(viewerPage.text).not.toContain('</script><script>alert(1)');
    expect(sharedDataOf(viewerPage.text).config.viewer.full_name).toBe('</script><script>alert(1)</script>');
  });

  it('R-000-routes-7: the landing page data carries captcha setting, prefill phone, redirect URL, gdpr_required and tos_version', async () => {
    const res = await new Agent(t.app).get('/?__a=1&next=%2Fexplore%2F');
    expect(res.status).toBe(200);
    expect(res.body.landing).toEqual({ captcha_enabled: false, prefill_phone: null, redirect_url: '/explore/', gdpr_required: false, tos_version: '2026-11', parental_consent_age: null });
    const evil = await new Agent(t.app).get('/accounts/login/?__a=1&next=%2F%2Fevil.example');
    expect(evil.body.landing.redirect_url).toBe('/');
  });

  it('R-000-routes-6: / gives a logged-in viewer the home page data', async () => {
    const agent = new Agent(t.app);
    const person = await signUp(agent);
    const res = await agent.get('/?__a=1');
    expect(res.body.viewer.username).toBe(person.username);
    expect(res.body.landing).toBeUndefined();
  });

  it('R-002-routes-3 R-002-routes-4 R-002-routes-5: a post is at /p/ or /tv/, with its caption appended, or behind its owner\'s name', async () => {
    const agent = new Agent(t.app);
    const person = await signUp(agent);
    const posted = await postPhoto(agent, 'sea at dawn');
    for (const path of [`/p/${posted.shortcode}/`, `/tv/${posted.shortcode}/`, `/p/${posted.shortcode}/caption/sea-at-dawn/`, `/${person.username}/p/${posted.shortcode}/`, `/${person.username}/tv/${posted.shortcode}/`]) {
      const html = await new Agent(t.app).get(path);
      expect(html.status, path).toBe(200);
      expect(html.text, path).toContain('sea at dawn');
      const data = await new Agent(t.app).get(`${path}?__a=1`);
      expect(data.body.graphql.shortcode_media.id, path).toBe(posted.id);
    }
    expect((await new Agent(t.app).get(`/${person.username}/p/AAAAAAAAAAA/?__a=1`)).status).toBe(404);
  });

  it('R-002-page-data-1 R-001-profile-6: profile page data at {path}?__a=1 answers graphql.user', async () => {
    const person = await signUp(new Agent(t.app));
    const res = await new Agent(t.app).get(`/${person.username}/?__a=1`);
    expect(res.status).toBe(200);
    expect(res.body.graphql.user).toMatchObject({ id: person.id, username: person.username, full_name: person.first_name, is_private: false, profile_pic_url: '/static/default-avatar.svg' });
    const upper = await new Agent(t.app).get(`/${person.username.toUpperCase()}/?__a=1`);
    expect(upper.body.graphql.user.username).toBe(person.username);
  });

  it('an unknown profile or route is a 404 page, and a 404 answer at ?__a=1', async () => {
    const agent = new Agent(t.app);
    const html = await agent.get('/no_such_person_here/');
    expect(html.status).toBe(404);
    expect(html.text).toContain('<title>Page not found • Shutter</title>');
    const data = await agent.get('/no_such_person_here/?__a=1');
    expect(data.status).toBe(404);
    expect(data.body).toEqual({ status: 'fail', message: "Sorry, this page isn't available." });
    expect((await agent.get('/a/b/c/d/')).status).toBe(404);
  });

  it('R-000-routes-4: protected page data needs a session (401); the HTML still loads so the client can redirect', async () => {
    const agent = new Agent(t.app);
    expect((await agent.get('/accounts/password/change/?__a=1')).status).toBe(401);
    expect((await agent.get('/direct/inbox/')).status).toBe(200);
  });

  it("R-002-profile-2 R-002-profile-3: the saved tab of someone else's profile is an error page", async () => {
    const owner = new Agent(t.app);
    const person = await signUp(owner);
    expect((await owner.get(`/${person.username}/saved/?__a=1`)).status).toBe(200);
    const other = new Agent(t.app);
    await signUp(other);
    expect((await other.get(`/${person.username}/saved/?__a=1`)).status).toBe(404);
    const html = await other.get(`/${person.username}/saved/`);
    expect(html.status).toBe(404);
    expect(html.headers['content-type']).toContain('text/html');
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await new Agent(t.app).get('/api/docs/json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const signup = res.body.paths['/accounts/web_create_ajax/'].post;
    expect(signup.requestBody.content['application/json'].schema.properties).toHaveProperty('username');
    expect(res.body.paths['/graphql/query/'].get.parameters.map((p: { name: string }) => p.name)).toEqual(['query_hash', 'variables']);
    expect((await new Agent(t.app).get('/api/docs/')).status).toBe(200);
    // Generating the document from every route's schema takes 17 s on an idle two-core machine.
  }, 120_000);
});
