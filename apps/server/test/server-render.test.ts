import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_IMAGE_SIZES } from '@shutter/contract';
import { Agent, queryUrl, signUp } from './helpers/agent.js';
import { postPhoto } from './helpers/media.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';
import { buildServerEntry, fakeServerEntry } from './helpers/web-build.js';

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

/** What #root holds, as markup. */
const rootOf = (html: string) => html.slice(html.indexOf('<div id="root"'), html.indexOf('<script type="application/json" id="first-screen">'));
const firstScreenOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="first-screen">(.*?)<\/script>/s.exec(html)![1]!) as { width: number; locale: string; queries: [unknown[], unknown][] };
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36';

describe(`pages rendered on the server (${databaseKind})`, () => {
  it('the HTML of / renders the first feed page inside #root, carries it for the client under the feed\'s key, and preloads its first photo as the <img> asks for it', async () => {
    const agent = new Agent(t.app);
    const person = await signUp(agent);
    const posted = await postPhoto(agent, 'first light over the harbour');
    const res = await agent.get('/');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(String(res.headers.vary)).toContain('user-agent');
    const root = rootOf(res.text);
    expect(root).toMatch(/^<div id="root" data-ssr="">/);
    expect(root).toContain('first light over the harbour');
    expect(root).toContain(`href="/${person.username}/"`);
    expect(root).toContain('<article');

    const state = firstScreenOf(res.text);
    expect(state.width).toBe(1280);
    const feed = state.queries.find(([key]) => JSON.stringify(key) === '["feed"]')![1] as { pages: { nodes: { id: string }[] }[] };
    const queried = await agent.get(queryUrl('feed', { has_threaded_comments: true }));
    expect(feed.pages[0]!.nodes.map((node) => node.id)).toEqual(queried.body.data.user.edge_web_feed_timeline.edges.map((edge: { node: { id: string } }) => edge.node.id));
    expect(feed.pages[0]!.nodes[0]!.id).toBe(posted.id);

    const preload = /<link rel="preload" as="image" imagesrcset="([^"]+)" imagesizes="([^"]+)" fetchpriority="high">/.exec(res.text);
    expect(preload?.[2]).toBe(FEED_IMAGE_SIZES);
    // The same candidates the client's srcset lists (widths up to 1080), so the browser reuses the download.
    const widths = preload![1]!.split(', ').map((c) => Number(/ (\d+)w$/.exec(c)![1]));
    expect(widths).toEqual([...widths].sort((a, b) => a - b));
    expect(Math.max(...widths)).toBeLessThanOrEqual(1080);
    expect(preload![1]).toContain(posted.display_resources[0].src.split('?')[0]);
    const img = /<img [^>]*fetchPriority="high"[^>]*>/.exec(root)![0];
    expect(img).toContain(`srcSet="${preload![1]}"`);
    expect(img).toContain(`sizes="${FEED_IMAGE_SIZES}"`);

    const saver = await agent.get('/', { 'save-data': 'on' });
    expect(rootOf(saver.text)).toContain('first light over the harbour');
    expect(saver.text).not.toContain('rel="preload" as="image" imagesrcset');
    // A phone gets the phone layout: by its hint, or by its user agent.
    expect(firstScreenOf((await agent.get('/', { 'sec-ch-ua-mobile': '?1' })).text).width).toBe(390);
    expect(firstScreenOf((await agent.get('/', { 'user-agent': PHONE })).text).width).toBe(390);
    // Page data is for client navigations: no render, no first screen.
    expect((await agent.get('/?__a=1')).text).not.toContain('first-screen');
  });

  it('a profile, a post and a hashtag page carry their content rendered; the landing page stays the build\'s', async () => {
    const owner = new Agent(t.app);
    const person = await signUp(owner);
    const posted = await postPhoto(owner, 'tide pools at dusk #tidepools');
    const visitor = new Agent(t.app);
    const profile = rootOf((await visitor.get(`/${person.username}/`)).text);
    expect(profile).toContain(`>${person.username}<`);
    expect(profile).toContain(`href="/p/${posted.shortcode}/"`);
    const post = rootOf((await visitor.get(`/p/${posted.shortcode}/`)).text);
    expect(post).toContain('tide pools at dusk');
    expect(post).toContain(`href="/${person.username}/"`);
    const hashtag = rootOf((await visitor.get('/explore/tags/tidepools/')).text);
    expect(hashtag).toContain('#tidepools');
    expect(hashtag).toContain(`href="/p/${posted.shortcode}/"`);
    // The landing page is rendered at build time (none here): nothing is rendered per request.
    expect((await visitor.get('/')).text).toContain('<div id="root"></div>');
  });

  it('a rendered public page asked for logged out keeps its ETag and 304, its HTML kept by the browser only; logged in it is kept by no one', async () => {
    const owner = new Agent(t.app);
    const person = await signUp(owner);
    await postPhoto(owner, 'the same page twice');
    const visitor = new Agent(t.app);
    await visitor.get('/data/shared_data/');
    const first = await visitor.get(`/${person.username}/`);
    expect(first.headers['cache-control']).toBe('private, max-age=0, must-revalidate');
    expect(rootOf(first.text)).toContain('data-ssr');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    expect((await visitor.get(`/${person.username}/`)).headers.etag).toBe(etag);
    const again = await visitor.get(`/${person.username}/`, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');

    const mine = await owner.get(`/${person.username}/`);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.headers.etag).toBeUndefined();
    expect(rootOf(mine.text)).toContain('data-ssr');
  });
});

describe('a server render that fails', () => {
  const STATE = 'export function firstScreenState() { return { width: 1280, locale: "en", queries: [] }; }';
  const entries = {
    throws: `${STATE}\nexport function renderFirstScreen() { throw new Error("render broke"); }`,
    'fails its shell': `${STATE}\nexport function renderFirstScreen(url, shared, state, options) { setTimeout(() => options.onShellError(new Error("shell broke"))); return { pipe() {}, abort() {} }; }`,
    'cannot load': 'throw new Error("the entry broke");',
  };
  for (const [what, source] of Object.entries(entries)) {
    it(`gives the client-rendered page, 200, when the entry ${what}`, async () => {
      const fake = fakeServerEntry(source);
      const app = await createTestApp({ webDist: fake.webDist });
      try {
        const agent = new Agent(app.app);
        await signUp(agent);
        for (const path of ['/', '/accounts/edit/']) {
          const res = await agent.get(path);
          expect(res.status, path).toBe(200);
          expect(res.text, path).toMatch(/<div id="root"( data-ssr="")?><\/div>/);
          expect(res.text, path).toContain('id="shared-data"');
        }
      } finally {
        await app.close();
        fake.remove();
      }
    });
  }
});
