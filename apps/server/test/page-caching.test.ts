import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, signUp } from './helpers/agent.js';
import { follow, makePrivate } from './helpers/graph.js';
import { postPhoto } from './helpers/media.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

const SHARED = 'public, max-age=0, must-revalidate';
/** The HTML carries the visitor's csrf token: their browser may keep it, no shared cache. */
const OWN = 'private, max-age=0, must-revalidate';
const keptAs = (url: string) => (url.includes('?__a=1') ? SHARED : OWN);
const PRIVATE = 'private, no-store';

let t: TestApp;
let owner: Agent;
let person: Awaited<ReturnType<typeof signUp>>;
let shortcode: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = new Agent(t.app);
  person = await signUp(owner);
  shortcode = (await postPhoto(owner, 'harbour at noon #harbour')).shortcode;
});
afterAll(async () => { await t.close(); });

/** A logged-out visitor who has been here before: they have their csrftoken cookie. */
async function returningVisitor() {
  const agent = new Agent(t.app);
  await agent.get('/data/shared_data/');
  expect(agent.cookies.has('csrftoken')).toBe(true);
  return agent;
}

const varyOf = (headers: Record<string, unknown>) => String(headers.vary ?? '').toLowerCase().split(/\s*,\s*/);

describe(`caching of pages (${databaseKind})`, () => {
  it('a public page asked for logged out has an ETag and answers 304 when unchanged; its data may be kept by any cache that revalidates it, its HTML by the browser only', async () => {
    const visitor = await returningVisitor();
    const pages = [`/${person.username}/`, `/p/${shortcode}/`, '/explore/tags/harbour/', '/', '/accounts/login/'];
    for (const page of pages) {
      for (const url of [page, `${page}?__a=1`]) {
        const first = await visitor.get(url);
        expect(first.status, url).toBe(200);
        expect(first.headers['cache-control'], url).toBe(keptAs(url));
        expect(first.headers['set-cookie'], url).toBeUndefined();
        expect(varyOf(first.headers), url).toEqual(expect.arrayContaining(['cookie', 'accept-encoding']));
        const etag = String(first.headers.etag);
        expect(etag, url).toMatch(/^W\/"[A-Za-z0-9_-]{43}"$/);
        // The same page again, or only its headers: the same ETag.
        expect((await visitor.get(url)).headers.etag, url).toBe(etag);
        expect((await visitor.request('HEAD', url)).headers.etag, url).toBe(etag);

        const again = await visitor.get(url, { 'if-none-match': etag });
        expect(again.status, url).toBe(304);
        expect(again.text, url).toBe('');
        expect(again.headers.etag, url).toBe(etag);
        expect(again.headers['cache-control'], url).toBe(keptAs(url));
        expect(varyOf(again.headers), url).toContain('cookie');
        // Gzipped, the same page is still named by the same (weak) ETag.
        const gzipped = await visitor.get(url, { 'accept-encoding': 'gzip', 'if-none-match': `"other", ${etag}` });
        expect(gzipped.status, url).toBe(304);
        expect((await visitor.get(url, { 'if-none-match': 'W/"not-this-one"' })).status, url).toBe(200);
      }
    }
  });

  it('a change to the page changes its ETag: the next revalidation gets the new page', async () => {
    const visitor = await returningVisitor();
    const url = `/${person.username}/?__a=1`;
    const before = await visitor.get(url);
    await postPhoto(owner, 'another one');
    const after = await visitor.get(url, { 'if-none-match': String(before.headers.etag) });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body.graphql.user.edge_owner_to_timeline_media.count).toBe(before.body.graphql.user.edge_owner_to_timeline_media.count + 1);
  });

  it('a logged-in viewer\'s pages are never kept, and no ETag lets them meet a logged-out copy', async () => {
    const visitor = await returningVisitor();
    const viewer = new Agent(t.app);
    await signUp(viewer);
    for (const url of [`/${person.username}/`, `/${person.username}/?__a=1`, `/p/${shortcode}/`, `/p/${shortcode}/?__a=1`, '/', '/?__a=1', '/accounts/edit/?__a=1']) {
      const loggedOut = await visitor.get(url);
      const mine = await viewer.get(url, loggedOut.headers.etag ? { 'if-none-match': String(loggedOut.headers.etag) } : {});
      expect(mine.status, url).toBe(200);
      expect(mine.headers['cache-control'], url).toBe(PRIVATE);
      expect(mine.headers.etag, url).toBeUndefined();
      expect(varyOf(mine.headers), url).toContain('cookie');
      expect(mine.text.length, url).toBeGreaterThan(0);
    }
  });

  it('an answer that sets a cookie is never public: the first visit (its csrftoken) and a stale session cookie', async () => {
    const first = await new Agent(t.app).get('/');
    expect(first.status).toBe(200);
    expect(String(first.headers['set-cookie'])).toMatch(/csrftoken=/);
    expect(first.headers['cache-control']).toBe(PRIVATE);
    expect(first.headers.etag).toBeUndefined();
    for (const url of [`/${person.username}/?__a=1`, `/p/${shortcode}/`]) {
      const res = await new Agent(t.app).get(url);
      expect(res.headers['cache-control'], url).toBe(PRIVATE);
      expect(res.headers.etag, url).toBeUndefined();
    }
    // Even with an If-None-Match that would match, a reply with a Set-Cookie is the whole page.
    const visitor = await returningVisitor();
    const etag = String((await visitor.get('/')).headers.etag);
    const fresh = await new Agent(t.app).get('/', { 'if-none-match': etag });
    expect(fresh.status).toBe(200);

    const stale = await returningVisitor();
    stale.cookies.set('sessionid', 'no-such-session-token');
    const res = await stale.get(`/${person.username}/`);
    expect(res.status).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/sessionid=;/);
    expect(res.headers['cache-control']).toBe(PRIVATE);
    expect(res.headers.etag).toBeUndefined();
  });

  it('protected pages and missing pages are never kept, logged out either', async () => {
    const visitor = await returningVisitor();
    for (const url of ['/explore/', '/accounts/edit/', '/accounts/edit/?__a=1', '/no_such_person_here/', '/no_such_person_here/?__a=1']) {
      const res = await visitor.get(url);
      expect(res.headers['cache-control'], url).toBe(PRIVATE);
      expect(res.headers.etag, url).toBeUndefined();
    }
    expect((await visitor.get('/data/shared_data/')).headers['cache-control']).toBe(PRIVATE);
  });

  it("a private account's profile asked for logged out shows nothing private, and its cached copy follows a switch to private at once", async () => {
    const account = new Agent(t.app);
    const them = await signUp(account);
    await postPhoto(account, 'for followers only, soon');
    const follower = new Agent(t.app);
    const followerUser = await signUp(follower);
    await follow(t.db, followerUser.id, them.id);
    const visitor = await returningVisitor();
    const url = `/${them.username}/?__a=1`;

    const open = await visitor.get(url);
    expect(open.body.graphql.user.edge_owner_to_timeline_media.edges).toHaveLength(1);
    await makePrivate(t.db, them.id);

    // The copy a cache kept is revalidated before any use: it is not reused, the new page replaces it.
    const closed = await visitor.get(url, { 'if-none-match': String(open.headers.etag) });
    expect(closed.status).toBe(200);
    expect(closed.headers.etag).not.toBe(open.headers.etag);
    expect(closed.headers['cache-control']).toBe(SHARED);
    const user = closed.body.graphql.user;
    expect(user.is_private).toBe(true);
    expect(user.edge_owner_to_timeline_media.edges).toBeUndefined();
    const html = await visitor.get(`/${them.username}/`);
    expect(html.headers['cache-control']).toBe(OWN);
    expect(html.text).not.toContain('for followers only');

    // Every logged-out visitor is shown the same page; the follower sees the posts, on a page no one keeps.
    const other = await returningVisitor();
    expect((await other.get(url)).headers.etag).toBe(closed.headers.etag);
    const theirs = await follower.get(url, { 'if-none-match': String(closed.headers.etag) });
    expect(theirs.status).toBe(200);
    expect(theirs.headers['cache-control']).toBe(PRIVATE);
    expect(theirs.headers.etag).toBeUndefined();
    expect(theirs.body.graphql.user.edge_owner_to_timeline_media.edges).toHaveLength(1);
  });
});
