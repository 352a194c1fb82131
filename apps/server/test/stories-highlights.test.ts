import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HIGHLIGHT_ITEMS_MAX, HIGHLIGHT_TITLE_MAX_LENGTH, HIGHLIGHTS_PER_ACCOUNT_MAX, STORY_ARCHIVE_PAGE } from '@shutter/contract';
import { createIdGenerator } from '../src/platform/ids.js';
import { seedDemoHighlights } from '../src/seed/demo-highlights.js';
import { Agent, signedUpAgent } from './helpers/agent.js';
import { follow, makePrivate } from './helpers/graph.js';
import { DAY_MS, insertStory } from './helpers/story-archive.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const person = () => signedUpAgent(t.app);
type Person = Awaited<ReturnType<typeof person>>;
const story = (p: Person, opts: Parameters<typeof insertStory>[3] = {}) => insertStory(t.db, t.storage, p.user.id, opts);
const create = (p: Person, body: Record<string, unknown>) => p.agent.postJson('/web/highlights/create/', body);
const highlightsOf = (viewer: Agent, owner: Person) => viewer.get(`/web/highlights/${owner.user.id}/`);
const archive = (p: Person, after?: string) => p.agent.get(`/web/archive/stories/${after ? `?after=${encodeURIComponent(after)}` : ''}`);

describe(`the story archive (${databaseKind})`, () => {
  it("lists the viewer's own stories, live and expired, newest first, with the highlights that keep each", async () => {
    const owner = await person();
    const old = await story(owner, { ageMs: 3 * DAY_MS });
    const live = await story(owner, { ageMs: 60_000 });
    await story(owner, { status: 'processing' });
    const made = await create(owner, { title: 'Trip', story_ids: [old] });
    const res = await archive(owner);
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: { id: string }) => i.id)).toEqual([live, old]);
    expect(res.body.items.map((i: { expired: boolean }) => i.expired)).toEqual([false, true]);
    expect(res.body.items[1].highlight_ids).toEqual([made.body.highlight.id]);
    expect(res.body.items[0].highlight_ids).toEqual([]);
    expect(res.body.items[0].owner.id).toBe(owner.user.id);
  });

  it("pages by keyset, and no one reaches another's archive", async () => {
    const owner = await person();
    const ids: string[] = [];
    for (let i = 0; i < STORY_ARCHIVE_PAGE + 3; i += 1) ids.push(await story(owner, { ageMs: (i + 1) * 3_600_000 }));
    const first = await archive(owner);
    expect(first.body.items).toHaveLength(STORY_ARCHIVE_PAGE);
    expect(first.body.page_info.has_next_page).toBe(true);
    const second = await archive(owner, first.body.page_info.end_cursor);
    expect(second.body.page_info).toEqual({ has_next_page: false, end_cursor: null });
    expect([...first.body.items, ...second.body.items].map((i: { id: string }) => i.id)).toEqual(ids);

    const stranger = await person();
    const theirs = await stranger.agent.get(`/web/archive/stories/?user_id=${owner.user.id}`);
    expect(theirs.body.items).toEqual([]);
    expect((await new Agent(t.app).get('/web/archive/stories/')).status).toBe(401);
    expect((await archive(owner, 'bm90LWEtY3Vyc29y')).status).toBe(400);
  });
});

describe(`making and changing highlights (${databaseKind})`, () => {
  it('creates a highlight from own stories, live or archived, with a chosen cover in its smallest size', async () => {
    const owner = await person();
    const a = await story(owner, { ageMs: 5 * DAY_MS });
    const b = await story(owner, { ageMs: 2 * DAY_MS });
    const res = await create(owner, { title: '  Travel  ', story_ids: [a, b], cover_story_id: b });
    expect(res.status).toBe(200);
    const h = res.body.highlight;
    expect(h).toMatchObject({ title: 'Travel', item_count: 2, reel_id: `highlight:${h.id}` });
    expect(h.cover_url).toContain(`${b}_18.jpg`);
    const list = await highlightsOf(new Agent(t.app), owner);
    expect(list.body.highlights.map((x: { id: string }) => x.id)).toEqual([h.id]);
    // A form sends the ids comma-separated.
    const form = await owner.agent.post('/web/highlights/create/', { title: 'Form', story_ids: `${a},${b}` });
    expect(form.body.highlight.item_count).toBe(2);
  });

  it('refuses bad input with a coded message and writes nothing', async () => {
    const owner = await person();
    const other = await person();
    const mine = await story(owner);
    const theirs = await story(other);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '   ', story_ids: [mine] }, 'highlight_title_empty'],
      [{ title: 'x'.repeat(HIGHLIGHT_TITLE_MAX_LENGTH + 1), story_ids: [mine] }, 'highlight_title_long'],
      [{ title: 'Empty', story_ids: [] }, 'highlight_stories_empty'],
      [{ title: 'Many', story_ids: Array.from({ length: HIGHLIGHT_ITEMS_MAX + 1 }, (_, i) => String(900_000 + i)) }, 'highlight_stories_many'],
      [{ title: 'Stolen', story_ids: [mine, theirs] }, 'highlight_story_not_own'],
      [{ title: 'Cover', story_ids: [mine], cover_story_id: theirs }, 'highlight_cover_invalid'],
    ];
    for (const [body, code] of cases) {
      const res = await create(owner, body);
      expect(res.status, code).toBe(400);
      expect(res.body).toMatchObject({ status: 'fail', code });
    }
    expect((await create(owner, { title: 'x', story_ids: ['abc'] })).status).toBe(400);
    expect((await highlightsOf(owner.agent, owner)).body.highlights).toEqual([]);
    expect((await new Agent(t.app).postJson('/web/highlights/create/', { title: 'x', story_ids: [mine] })).status).toBe(401);
  });

  it('stops at the number of highlights one account may have', async () => {
    const owner = await person();
    const s = await story(owner);
    const nextId = createIdGenerator(4093);
    const rows = Array.from({ length: HIGHLIGHTS_PER_ACCOUNT_MAX }, (_, i) => ({ id: nextId(), owner_id: owner.user.id, title: `h${i}`, cover_story_id: null, updated_at: new Date() }));
    await t.db.insertInto('highlights').values(rows).execute();
    await t.db.insertInto('highlight_items').values(rows.map((r) => ({ highlight_id: r.id, story_id: s, added_at: new Date() }))).execute();
    const res = await create(owner, { title: 'One more', story_ids: [s] });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('highlights_many');
    // A highlight whose stories were all deleted no longer counts.
    await t.db.deleteFrom('highlight_items').where('highlight_id', '=', rows[0]!.id).execute();
    expect((await create(owner, { title: 'One more', story_ids: [s] })).status).toBe(200);
  });

  it('the owner renames, adds and removes stories and changes the cover; removing the cover story falls back to the first', async () => {
    const owner = await person();
    const [a, b, c] = [await story(owner, { ageMs: 3 * DAY_MS }), await story(owner, { ageMs: 2 * DAY_MS }), await story(owner)];
    const h = (await create(owner, { title: 'Food', story_ids: [a, b], cover_story_id: b })).body.highlight;
    const edited = await owner.agent.postJson(`/web/highlights/${h.id}/edit/`, { title: 'Dinners', add_story_ids: [c], remove_story_ids: [b] });
    expect(edited.status).toBe(200);
    expect(edited.body.highlight).toMatchObject({ title: 'Dinners', item_count: 2 });
    expect(edited.body.highlight.cover_url).toContain(`${a}_18.jpg`);
    const covered = await owner.agent.postJson(`/web/highlights/${h.id}/edit/`, { cover_story_id: c });
    expect(covered.body.highlight.cover_url).toContain(`${c}_18.jpg`);
    const emptied = await owner.agent.postJson(`/web/highlights/${h.id}/edit/`, { remove_story_ids: [a, c] });
    expect(emptied.body.code).toBe('highlight_stories_empty');
    expect((await owner.agent.postJson(`/web/highlights/${h.id}/edit/`, { cover_story_id: b })).body.code).toBe('highlight_cover_invalid');
    expect((await owner.agent.postJson(`/web/highlights/${h.id}/edit/`, { title: '' })).body.code).toBe('highlight_title_empty');
    expect((await highlightsOf(owner.agent, owner)).body.highlights[0]).toMatchObject({ title: 'Dinners', item_count: 2 });
    expect((await owner.agent.post(`/web/highlights/${h.id}/delete/`)).status).toBe(200);
    expect((await highlightsOf(owner.agent, owner)).body.highlights).toEqual([]);
    // The stories stay in the archive.
    expect((await archive(owner)).body.items.map((i: { id: string }) => i.id)).toEqual([c, b, a]);
  });

  it("another person's highlight cannot be edited or deleted: it is not there for them", async () => {
    const owner = await person();
    const other = await person();
    await follow(t.db, other.user.id, owner.user.id);
    const s = await story(owner);
    const own = await story(other);
    const h = (await create(owner, { title: 'Mine', story_ids: [s] })).body.highlight;
    const edit = await other.agent.postJson(`/web/highlights/${h.id}/edit/`, { title: 'Yours now', add_story_ids: [own] });
    expect(edit.status).toBe(404);
    expect(edit.body.code).toBe('highlight_not_found');
    expect((await other.agent.post(`/web/highlights/${h.id}/delete/`)).status).toBe(404);
    expect((await other.agent.post('/web/highlights/123456789/delete/')).status).toBe(404);
    expect((await new Agent(t.app).post(`/web/highlights/${h.id}/delete/`)).status).toBe(401);
    // Someone else's story cannot be added by the owner either.
    expect((await owner.agent.postJson(`/web/highlights/${h.id}/edit/`, { add_story_ids: [own] })).body.code).toBe('highlight_story_not_own');
    expect((await highlightsOf(owner.agent, owner)).body.highlights[0]).toMatchObject({ title: 'Mine', item_count: 1 });
  });
});

describe(`who sees highlights (${databaseKind})`, () => {
  it("a private account's highlights are its followers' alone", async () => {
    const owner = await person();
    await makePrivate(t.db, owner.user.id);
    await create(owner, { title: 'Secret', story_ids: [await story(owner, { ageMs: 4 * DAY_MS })] });
    const stranger = await person();
    expect((await highlightsOf(stranger.agent, owner)).status).toBe(403);
    expect((await highlightsOf(new Agent(t.app), owner)).status).toBe(403);
    const fan = await person();
    await follow(t.db, fan.user.id, owner.user.id);
    expect((await highlightsOf(fan.agent, owner)).body.highlights).toHaveLength(1);
  });

  it('a block hides highlights both ways', async () => {
    const owner = await person();
    const other = await person();
    await create(owner, { title: 'Walks', story_ids: [await story(owner)] });
    await owner.agent.post(`/web/friendships/${other.user.id}/block/`);
    expect((await highlightsOf(other.agent, owner)).status).toBe(404);
    const blocker = await person();
    await blocker.agent.post(`/web/friendships/${owner.user.id}/block/`);
    expect((await highlightsOf(blocker.agent, owner)).status).toBe(403);
  });

  it("a close friends' story inside a highlight is hidden from those not on the list, and so is its cover", async () => {
    const owner = await person();
    const friend = await person();
    const stranger = await person();
    await owner.agent.postJson('/web/close_friends/set/', { add: [friend.user.id] });
    const open = await story(owner, { ageMs: 3 * DAY_MS });
    const besties = await story(owner, { ageMs: 2 * DAY_MS, audience: 'besties' });
    const onlyBesties = await story(owner, { ageMs: DAY_MS, audience: 'besties' });
    const mixed = (await create(owner, { title: 'Mixed', story_ids: [open, besties], cover_story_id: besties })).body.highlight;
    const hidden = (await create(owner, { title: 'Friends', story_ids: [onlyBesties] })).body.highlight;

    const seenByStranger = (await highlightsOf(stranger.agent, owner)).body.highlights;
    expect(seenByStranger.map((h: { id: string }) => h.id)).toEqual([mixed.id]);
    expect(seenByStranger[0].item_count).toBe(1);
    expect(seenByStranger[0].cover_url).toContain(`${open}_18.jpg`);
    expect((await highlightsOf(new Agent(t.app), owner)).body.highlights.map((h: { id: string }) => h.id)).toEqual([mixed.id]);

    const seenByFriend = (await highlightsOf(friend.agent, owner)).body.highlights;
    expect(seenByFriend.map((h: { id: string }) => h.id)).toEqual([hidden.id, mixed.id]);
    expect(seenByFriend[1]).toMatchObject({ item_count: 2 });
    expect(seenByFriend[1].cover_url).toContain(`${besties}_18.jpg`);
  });

  it('a highlight keeps its stories past their expiry for everyone who may see them', async () => {
    const owner = await person();
    const fan = await person();
    await follow(t.db, fan.user.id, owner.user.id);
    const h = (await create(owner, { title: 'Last month', story_ids: [await story(owner, { ageMs: 20 * DAY_MS })] })).body.highlight;
    expect((await highlightsOf(fan.agent, owner)).body.highlights).toEqual([expect.objectContaining({ id: h.id, item_count: 1 })]);
  });

  it('answers 404 for an account that does not exist and 400 for a malformed id', async () => {
    const viewer = await person();
    expect((await viewer.agent.get('/web/highlights/987654321/')).status).toBe(404);
    expect((await viewer.agent.get('/web/highlights/abc/')).status).toBe(400);
  });
});

describe(`the demo highlights (${databaseKind})`, () => {
  it("gather the personas' stories into titled highlights once, and do nothing for one without stories", async () => {
    const nextId = createIdGenerator(4091);
    const ids: Record<string, string> = {};
    for (const username of ['alice', 'bob']) {
      ids[username] = nextId();
      await t.db.insertInto('users').values({ id: ids[username]!, username, username_lower: username, email: `${username}@example.org`, email_lower: `${username}@example.org`, password_hash: 'x' }).execute();
    }
    for (let i = 0; i < 5; i += 1) await insertStory(t.db, t.storage, ids.alice!, { ageMs: (i + 2) * DAY_MS });
    expect(await seedDemoHighlights(t.db, nextId)).toBe(3);
    expect(await seedDemoHighlights(t.db, nextId)).toBe(0);
    const visitor = new Agent(t.app);
    const shown = (await visitor.get(`/web/highlights/${ids.alice}/`)).body.highlights;
    expect(shown.map((h: { title: string }) => h.title)).toEqual(['Sunsets', 'Food', 'Travel']);
    expect(shown.reduce((n: number, h: { item_count: number }) => n + h.item_count, 0)).toBe(5);
    expect((await visitor.get(`/web/highlights/${ids.bob}/`)).body.highlights).toEqual([]);
  });
});
