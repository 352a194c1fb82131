import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, queryUrl, signUp } from './helpers/agent.js';
import { postPhoto } from './helpers/media.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

const PRIVATE = 'private, no-store';

let t: TestApp;
let viewer: Agent;
let person: Awaited<ReturnType<typeof signUp>>;
let media: { id: string; display_url: string };
beforeAll(async () => {
  t = await createTestApp();
  viewer = new Agent(t.app);
  person = await signUp(viewer);
  media = await postPhoto(viewer, 'by the sea');
});
afterAll(async () => { await t.close(); });

/** A visitor not logged in who already has their csrftoken: their answers set no cookie. */
async function returningVisitor() {
  const agent = new Agent(t.app);
  await agent.get('/data/shared_data/');
  return agent;
}

describe(`answers that depend on the session (${databaseKind})`, () => {
  it('are kept by no cache: persisted queries, login activity, the inbox, the archive, close friends, searches, actions', async () => {
    const urls = [
      queryUrl('feed'), queryUrl('login_activity'), queryUrl('activity_counts'), queryUrl('profile_posts', { id: person.id }),
      '/graphql/query/feed/', '/direct_v2/web/inbox/', '/direct_v2/web/pending_inbox/', '/direct_v2/web/get_badge_count/',
      '/web/archive/stories/', '/web/close_friends/', '/web/search/recent_searches/', '/web/search/topsearch/?query=sea',
      // A failure of a logged-in request is theirs too.
      '/web/no-such-thing/',
    ];
    for (const url of urls) {
      const res = await viewer.get(url);
      expect(res.status, `${url}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
      expect(res.headers['cache-control'], url).toBe(PRIVATE);
    }
    const liked = await viewer.post(`/web/likes/${media.id}/like/`);
    expect(liked.status).toBe(200);
    expect(liked.headers['cache-control']).toBe(PRIVATE);
  });

  it('leave the policies routes chose: pages, the shared data, media and the client\'s files', async () => {
    expect((await viewer.get(`/${person.username}/?__a=1`)).headers['cache-control']).toBe(PRIVATE);
    expect((await viewer.get('/data/shared_data/')).headers['cache-control']).toBe(PRIVATE);
    // A public account's photo is the same for everyone, whoever asks for it.
    expect((await viewer.get(media.display_url)).headers['cache-control']).toMatch(/^public, /);
    expect((await viewer.get('/static/default-avatar.svg')).headers['cache-control']).toBe('public, max-age=86400');
  });

  it('logged out, public answers stay as they were: no Cache-Control of a session on them', async () => {
    const visitor = await returningVisitor();
    const posts = await visitor.get(queryUrl('profile_posts', { id: person.id }));
    expect(posts.status).toBe(200);
    expect(posts.headers['set-cookie']).toBeUndefined();
    expect(posts.headers['cache-control']).toBeUndefined();
    expect((await visitor.get(`/${person.username}/?__a=1`)).headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect((await visitor.get(media.display_url)).headers['cache-control']).toMatch(/^public, /);
    // The first answer to a new visitor carries their csrftoken: theirs only.
    const first = await new Agent(t.app).get(queryUrl('profile_posts', { id: person.id }));
    expect(String(first.headers['set-cookie'])).toMatch(/csrftoken=/);
    expect(first.headers['cache-control']).toBe(PRIVATE);
  });
});
