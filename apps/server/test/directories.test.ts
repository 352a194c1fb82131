import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIRECTORY_FIRST_LEVEL_MAX, DIRECTORY_HASHTAG_FIRST_LEVEL_MAX, DIRECTORY_SECOND_LEVEL_MAX } from '@shutter/contract';
import { directoryPage, suggestedDirectoryPage } from '@shutter/contract/results';
import { createIdGenerator } from '../src/platform/ids.js';
import { Agent, signedUpAgent } from './helpers/agent.js';
import { follow } from './helpers/graph.js';
import { postPhoto } from './helpers/media.js';
import { createSecondInstance, createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

const nextId = createIdGenerator(4090);
let t: TestApp;
/** The same database later, with more accounts and hashtags: a new instance builds its directories afresh. */
let grown: TestApp;
type Person = Awaited<ReturnType<typeof signedUpAgent>>;
let owner: Person, viewer: Person, blocker: Person, hidden: Person, fan: Person;
const tagPrefix = `dt${process.pid % 1000}x`;

async function publicCount(): Promise<number> {
  const row = await t.db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).where('is_private', '=', false).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function addAccounts(from: number, count: number): Promise<void> {
  const rows = Array.from({ length: count }, (_, i) => {
    const name = `dir${String(from + i).padStart(5, '0')}`;
    return { id: nextId(), username: name, username_lower: name, email: `${name}@example.org`, email_lower: `${name}@example.org`, password_hash: 'x' };
  });
  for (let i = 0; i < rows.length; i += 500) await t.db.insertInto('users').values(rows.slice(i, i + 500)).execute();
}

async function addTags(mediaId: string, from: number, count: number): Promise<void> {
  // The owner's public post: every row counts in its tag's public count.
  const rows = Array.from({ length: count }, (_, i) => ({ media_id: mediaId, tag: `${tagPrefix}${String(from + i).padStart(4, '0')}`, owner_id: owner.user.id, is_public: true }));
  await t.db.insertInto('media_hashtags').values(rows).execute();
  // As a post's write keeps them: a row per tag with its post counts.
  await sql`insert into hashtags (name, folded_name, media_count, public_media_count)
    select tag, fold_text(tag), 1, 1 from unnest(${sql.val(rows.map((r) => r.tag))}::text[]) tag
    on conflict (name) do update set media_count = hashtags.media_count + 1, public_media_count = hashtags.public_media_count + 1`.execute(t.db);
}

async function page(app: TestApp, path: string, agent = new Agent(app.app)) {
  const res = await agent.get(`${path}?__a=1`);
  if (res.status === 200) directoryPage.parse(res.body);
  return res;
}

/** Every entry of a directory, walking its keys down to the last level. */
async function walk(app: TestApp, kind: 'profiles' | 'hashtags', agent = new Agent(app.app)): Promise<string[]> {
  const names: string[] = [];
  async function visit(key: string | null) {
    const res = await page(app, key === null ? `/directory/${kind}/` : `/directory/${kind}/${key}/`, agent);
    expect(res.status).toBe(200);
    if (res.body.level_info.is_last_level) {
      names.push(...(kind === 'profiles' ? res.body.profile_list.map((u: { username: string }) => u.username) : res.body.hashtag_list.map((h: { name: string }) => h.name)));
      return;
    }
    for (const child of res.body.key_list) await visit(child.key);
  }
  await visit(null);
  return names;
}

const byteOrder = (names: string[]) => [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

beforeAll(async () => {
  t = await createTestApp();
  [owner, viewer, blocker, hidden, fan] = await Promise.all(Array.from({ length: 5 }, () => signedUpAgent(t.app)));
  await blocker.agent.post(`/web/friendships/${viewer.user.id}/block/`);
  await hidden.agent.post('/accounts/set_private/');
  await follow(t.db, owner.user.id, blocker.user.id);
  await follow(t.db, owner.user.id, hidden.user.id);
  await follow(t.db, fan.user.id, owner.user.id);
  // Exactly as many public accounts as the first level can hold leaves of.
  await addAccounts(0, DIRECTORY_FIRST_LEVEL_MAX * DIRECTORY_SECOND_LEVEL_MAX - (await publicCount()));
  const post = await postPhoto(owner.agent, 'first');
  await addTags(post.id, 0, DIRECTORY_HASHTAG_FIRST_LEVEL_MAX * DIRECTORY_SECOND_LEVEL_MAX - (await tagCount()));
  tagged = post.id;
}, 120_000);
let tagged = '';
afterAll(async () => {
  await grown?.close();
  await t.close();
});

async function tagCount(): Promise<number> {
  const row = await t.db.selectFrom('hashtags').select((eb) => eb.fn.countAll<string>().as('n')).where('public_media_count', '>', 0).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe(`profile and hashtag directories (${databaseKind})`, () => {
  it('R-002-directories-3: the profiles and hashtags directories, their key pages and the suggested page exist, as HTML with titles and as page data', async () => {
    const anon = new Agent(t.app);
    for (const [path, title] of [
      ['/directory/profiles/', 'Profiles directory'], ['/directory/profiles/0/', 'Profiles directory ('],
      ['/directory/hashtags/', 'Hashtags directory'], ['/directory/hashtags/0/', 'Hashtags directory ('],
      [`/directory/suggested/${owner.user.username}/`, `Profiles suggested around @${owner.user.username}`],
    ] as const) {
      const html = await anon.get(path);
      expect(html.status, path).toBe(200);
      expect(html.headers['content-type']).toContain('text/html');
      expect(html.text).toContain(`<title>${title}`);
      expect((await anon.get(`${path}?__a=1`)).body.status).toBe('ok');
    }
  });

  it('R-002-directories-6: the first level holds at most 100 keys, each a last-level list of at most 10 accounts', async () => {
    const root = (await page(t, '/directory/profiles/')).body;
    expect(root.level_info).toMatchObject({ kind: 'profiles', key: null, depth: 0, is_last_level: false });
    expect(root.key_list).toHaveLength(DIRECTORY_FIRST_LEVEL_MAX);
    expect(root.key_list.map((k: { key: string }) => k.key)).toEqual(Array.from({ length: DIRECTORY_FIRST_LEVEL_MAX }, (_, i) => String(i)));
    const last = (await page(t, `/directory/profiles/${DIRECTORY_FIRST_LEVEL_MAX - 1}/`)).body;
    expect(last.level_info).toMatchObject({ key: '99', depth: 1, is_last_level: true, parent_key: null });
    expect(last.profile_list.length).toBeGreaterThan(0);
    expect(last.profile_list.length).toBeLessThanOrEqual(DIRECTORY_SECOND_LEVEL_MAX);
  });

  it('R-002-directories-7: the first hashtag level holds at most 11 keys', async () => {
    const root = (await page(t, '/directory/hashtags/')).body;
    expect(root.key_list).toHaveLength(DIRECTORY_HASHTAG_FIRST_LEVEL_MAX);
    expect((await page(t, `/directory/hashtags/${DIRECTORY_HASHTAG_FIRST_LEVEL_MAX}/`)).status).toBe(404);
    const names = await walk(t, 'hashtags');
    expect(names).toHaveLength(DIRECTORY_HASHTAG_FIRST_LEVEL_MAX * DIRECTORY_SECOND_LEVEL_MAX);
    expect(names).toEqual(byteOrder(names));
  });

  it('every public account is listed once, in order; private accounts never; a blocked person never to the one a block stands between', async () => {
    const all = await walk(t, 'profiles');
    expect(all).toHaveLength(DIRECTORY_FIRST_LEVEL_MAX * DIRECTORY_SECOND_LEVEL_MAX);
    expect(all).toEqual(byteOrder(all));
    expect(new Set(all).size).toBe(all.length);
    expect(all).toContain(blocker.user.username);
    expect(all).not.toContain(hidden.user.username);
    const seenByViewer = await walk(t, 'profiles', viewer.agent);
    expect(seenByViewer).not.toContain(blocker.user.username);
    const seenByBlocker = await walk(t, 'profiles', blocker.agent);
    expect(seenByBlocker).not.toContain(viewer.user.username);
    expect(seenByViewer).toHaveLength(all.length - 1);
  });

  it('R-002-directories-5: a key of any other shape is a 404 with the not-found page', async () => {
    for (const key of ['a', 'abc', '0-', '-1', '00', '01', '0--1', '0_1', '1.5', '0-a', '%20', '1e2', '0x1', '９', '1-2-3-4-5-6-7-8-9-0-1', '9'.repeat(30)]) {
      const data = await page(t, `/directory/profiles/${key}/`);
      expect(data.status, key).toBe(404);
      expect(data.body).toEqual({ status: 'fail', message: "Sorry, this page isn't available." });
      expect((await page(t, `/directory/hashtags/${key}/`)).status, key).toBe(404);
    }
    const html = await new Agent(t.app).get('/directory/profiles/zz/');
    expect(html.status).toBe(404);
    expect(html.text).toContain('<title>Page not found • Shutter</title>');
  });

  it('R-002-directories-9: an invalid slug is an error on every directory', async () => {
    expect((await page(t, '/directory/profiles/profiles/')).status).toBe(404);
    expect((await page(t, '/directory/hashtags/%23sun/')).status).toBe(404);
    expect((await new Agent(t.app).get('/directory/suggested/not%20a%20name/?__a=1')).status).toBe(404);
    expect((await new Agent(t.app).get('/directory/suggested/nobody_here_at_all/?__a=1')).status).toBe(404);
  });

  it('R-002-directories-10: a key that names no list (past the first or a deeper level) is a 404', async () => {
    expect((await page(t, `/directory/profiles/${DIRECTORY_FIRST_LEVEL_MAX}/`)).status).toBe(404);
    expect((await page(t, '/directory/profiles/0-0/')).status).toBe(404);
    expect((await page(t, '/directory/hashtags/0-0/')).status).toBe(404);
  });

  describe('grown past one level', () => {
    beforeAll(async () => {
      await addAccounts(100_000, 250);
      await addTags(tagged, 5000, 40);
      grown = await createSecondInstance(t);
    });

    it('R-002-directories-4: keys are a root number and numeric sub-keys, one more level once the first is full', async () => {
      const root = (await page(grown, '/directory/profiles/')).body;
      const total = DIRECTORY_FIRST_LEVEL_MAX * DIRECTORY_SECOND_LEVEL_MAX + 250;
      const perKey = DIRECTORY_SECOND_LEVEL_MAX * DIRECTORY_SECOND_LEVEL_MAX;
      expect(root.key_list.map((k: { key: string }) => k.key)).toEqual(Array.from({ length: Math.ceil(total / perKey) }, (_, i) => String(i)));
      const first = (await page(grown, '/directory/profiles/0/')).body;
      expect(first.level_info).toMatchObject({ key: '0', depth: 1, is_last_level: false, parent_key: null });
      expect(first.key_list.map((k: { key: string }) => k.key)).toEqual(Array.from({ length: 10 }, (_, i) => `0-${i}`));
      const leaf = (await page(grown, '/directory/profiles/0-3/')).body;
      expect(leaf.level_info).toMatchObject({ key: '0-3', depth: 2, is_last_level: true, parent_key: '0' });
      expect(leaf.profile_list).toHaveLength(DIRECTORY_SECOND_LEVEL_MAX);
      // Labels are prefixes of the first and last name of the key's range.
      expect(leaf.profile_list[0].username.startsWith(first.key_list[3].first)).toBe(true);
      expect((await page(grown, '/directory/profiles/0-3-0/')).status).toBe(404);
    });

    it('R-002-directories-8: the second level holds at most 10 items, keys or entries', async () => {
      for (const kind of ['profiles', 'hashtags'] as const) {
        const root = (await page(grown, `/directory/${kind}/`)).body;
        for (const { key } of root.key_list) {
          const level = (await page(grown, `/directory/${kind}/${key}/`)).body;
          expect(level.key_list.length).toBeGreaterThan(0);
          expect(level.key_list.length).toBeLessThanOrEqual(DIRECTORY_SECOND_LEVEL_MAX);
        }
        const deepest = root.key_list.at(-1).key;
        const children = (await page(grown, `/directory/${kind}/${deepest}/`)).body.key_list;
        expect((await page(grown, `/directory/${kind}/${deepest}-${children.length}/`)).status).toBe(404);
      }
      const tags = await walk(grown, 'hashtags');
      expect(tags).toHaveLength(DIRECTORY_HASHTAG_FIRST_LEVEL_MAX * DIRECTORY_SECOND_LEVEL_MAX + 40);
      expect(tags).toEqual(byteOrder(tags));
    });
  });

  it('the suggested page lists public accounts around a person, never private or blocked ones; unknown people are a 404', async () => {
    const suggested = async (agent: Agent, username = owner.user.username) => {
      const res = await agent.get(`/directory/suggested/${username}/?__a=1`);
      if (res.status === 200) suggestedDirectoryPage.parse(res.body);
      return res;
    };
    const names = (res: { body: { profile_list: { username: string }[] } }) => res.body.profile_list.map((u) => u.username);
    const anon = await suggested(new Agent(t.app));
    expect(anon.body.user.username).toBe(owner.user.username);
    expect(new Set(names(anon))).toEqual(new Set([blocker.user.username, fan.user.username]));
    expect(names(await suggested(viewer.agent))).toEqual([fan.user.username]);
    expect(names(await suggested(fan.agent))).toEqual([blocker.user.username]);
    // Someone whose lists the viewer may not see: the page, without a list.
    const ofHidden = await suggested(new Agent(t.app), hidden.user.username);
    expect(ofHidden.status).toBe(200);
    expect(ofHidden.body.profile_list).toEqual([]);
    // Someone who blocked the viewer does not exist for them.
    expect((await suggested(viewer.agent, blocker.user.username)).status).toBe(404);
  });
});
