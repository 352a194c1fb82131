import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTION_MAX_LENGTH, MAX_HASHTAGS, MAX_USERTAGS, MENTIONS_NOTIFIED_MAX, type MediaNode } from '@shutter/contract';
import { Agent, signedUpAgent, queryUrl, signUp } from './helpers/agent.js';
import { follow, makePrivate } from './helpers/graph.js';
import { postPhoto, uploadPhoto } from './helpers/media.js';
import { createPostEditRepository } from '../src/features/posts/edit.repository.js';
import { createPlacesRepository } from '../src/features/places/repository.js';
import { createPlaces } from '../src/features/places/service.js';
import { createIdGenerator } from '../src/platform/ids.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const person = () => signedUpAgent(t.app);
type Person = Awaited<ReturnType<typeof person>>;

const editUrl = (id: string) => `/media/${id}/edit/`;
const pageOf = async (agent: Agent, shortcode: string) => (await agent.get(`/p/${shortcode}/?__a=1`)).body.graphql?.shortcode_media as MediaNode;
const captionOf = (m: MediaNode) => m.edge_media_to_caption.edges[0]?.node.text ?? '';
const tagsOf = (m: { edge_media_to_tagged_user: MediaNode['edge_media_to_tagged_user'] }) =>
  m.edge_media_to_tagged_user.edges.map((e) => ({ id: e.node.user.id, x: e.node.x, y: e.node.y }));
const usertags = (...tags: [Person, number, number][]) => JSON.stringify(tags.map(([p, x, y]) => ({ user_id: p.user.id, position: [x, y] })));

async function eventsOf(mediaId: string, type: 'mention' | 'usertag') {
  const rows = await t.db.selectFrom('events').select('user_id').where('media_id', '=', mediaId).where('type', '=', type).execute();
  return rows.map((r) => r.user_id).sort();
}

async function postCarousel(agent: Agent, caption: string, alts: string[]): Promise<MediaNode> {
  const ups = [];
  for (const _ of alts) ups.push(await uploadPhoto(agent));
  const children = ups.map((u, i) => ({ upload_id: u.uploadId, custom_accessibility_caption: alts[i] }));
  const res = await agent.post('/create/configure_sidecar/', { caption, children_metadata: JSON.stringify(children) });
  expect(res.status).toBe(200);
  return res.body.media;
}

describe(`editing a post (${databaseKind})`, () => {
  it("the owner changes the caption, place, tags and alt text; the answer is the post page's post, and every read shows the change", async () => {
    const owner = await person();
    const ana = await person();
    const tagA = `old${Date.now()}`;
    const tagB = `new${Date.now()}`;
    const media = await postPhoto(owner.agent, `first words #${tagA}`, { location: 'Lisbon' });
    const res = await owner.agent.post(editUrl(media.id), {
      caption: `  better words #${tagB}  `,
      location: 'Porto, Portugal',
      usertags: usertags([ana, 0.25, 0.75]),
      custom_accessibility_caption: 'Two boats at dusk',
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
    const edited = res.body.media as MediaNode;
    expect(captionOf(edited)).toBe(`better words #${tagB}`);
    expect(edited.location).toMatchObject({ name: 'Porto, Portugal' });
    expect(edited.accessibility_caption).toBe('Two boats at dusk');
    expect(tagsOf(edited)).toEqual([{ id: ana.user.id, x: 0.25, y: 0.75 }]);
    // The same post as the post page answers it.
    expect(await pageOf(owner.agent, media.shortcode)).toEqual(edited);

    const viewer = new Agent(t.app);
    const seen = await pageOf(viewer, media.shortcode);
    expect(captionOf(seen)).toBe(`better words #${tagB}`);
    // A new tag waits for Ana's review: strangers do not see it yet, Ana does.
    expect(tagsOf(seen)).toEqual([]);
    expect(tagsOf(await pageOf(ana.agent, media.shortcode))).toHaveLength(1);
    // Hashtag and place pages follow the caption and the place.
    const tagPage = async (tag: string) => (await viewer.get(`/explore/tags/${tag}/?__a=1`)).body.graphql?.hashtag.edge_hashtag_to_media.count ?? 0;
    expect(await tagPage(tagB)).toBe(1);
    expect(await tagPage(tagA)).toBe(0);
    expect((await owner.agent.get(queryUrl('profile_posts', { id: owner.user.id, first: 12 }))).body.data.user.edge_owner_to_timeline_media.edges[0].node.edge_media_to_caption.edges[0].node.text).toBe(`better words #${tagB}`);
  });

  it('a field left out keeps its value; empty values clear the caption, the place and the alt text', async () => {
    const owner = await person();
    const media = await postPhoto(owner.agent, 'keep me', { location: 'Lisbon', custom_accessibility_caption: 'A tram' });
    const onlyPlace = await owner.agent.post(editUrl(media.id), { location: 'Sintra' });
    expect(captionOf(onlyPlace.body.media)).toBe('keep me');
    expect(onlyPlace.body.media.accessibility_caption).toBe('A tram');
    expect(onlyPlace.body.media.location.name).toBe('Sintra');
    const cleared = await owner.agent.post(editUrl(media.id), { caption: '', location: ' ', custom_accessibility_caption: '' });
    expect(cleared.status).toBe(200);
    expect(cleared.body.media.edge_media_to_caption.edges).toEqual([]);
    expect(cleared.body.media.location).toBeNull();
    expect(cleared.body.media.accessibility_caption).toBeNull();
  });

  it('a JSON body works as a form does, tags sent as a list', async () => {
    const owner = await person();
    const ana = await person();
    const media = await postPhoto(owner.agent, 'json');
    const res = await owner.agent.postJson(editUrl(media.id), { caption: 'from json', usertags: [{ user_id: ana.user.id, position: [0.5, 0.5] }] });
    expect(res.status).toBe(200);
    expect(captionOf(res.body.media)).toBe('from json');
    expect(tagsOf(res.body.media)).toEqual([{ id: ana.user.id, x: 0.5, y: 0.5 }]);
  });

  it('mentions follow the caption: only people newly mentioned are told, within the mention limit', async () => {
    const owner = await person();
    const [ana, ben, cal] = [await person(), await person(), await person()];
    const media = await postPhoto(owner.agent, `hi @${ana.user.username}`);
    expect(await eventsOf(media.id, 'mention')).toEqual([ana.user.id]);
    await owner.agent.post(editUrl(media.id), { caption: `hi @${ana.user.username} and @${ben.user.username} and @${owner.user.username}` });
    // Ana was told already; Ben is told once; the owner never.
    expect(await eventsOf(media.id, 'mention')).toEqual([ana.user.id, ben.user.id].sort());
    await owner.agent.post(editUrl(media.id), { caption: `hi @${ana.user.username} and @${ben.user.username}!` });
    expect(await eventsOf(media.id, 'mention')).toEqual([ana.user.id, ben.user.id].sort());
    await owner.agent.post(editUrl(media.id), { caption: `just @${cal.user.username}` });
    expect(await eventsOf(media.id, 'mention')).toEqual([ana.user.id, ben.user.id, cal.user.id].sort());
    const stored = await t.db.selectFrom('media_mentions').select('user_id').where('media_id', '=', media.id).execute();
    expect(stored.map((r) => r.user_id)).toEqual([cal.user.id]);
  });

  it(`a caption edited to mention more than ${MENTIONS_NOTIFIED_MAX} people tells the first ${MENTIONS_NOTIFIED_MAX} only`, async () => {
    const owner = await person();
    const crowd = await Promise.all(Array.from({ length: MENTIONS_NOTIFIED_MAX + 2 }, () => signUp(new Agent(t.app))));
    const media = await postPhoto(owner.agent, 'quiet');
    await owner.agent.post(editUrl(media.id), { caption: crowd.map((u) => `@${u.username}`).join(' ') });
    expect(await eventsOf(media.id, 'mention')).toEqual(crowd.slice(0, MENTIONS_NOTIFIED_MAX).map((u) => u.id).sort());
  });

  it('people newly tagged get a pending tag and are told; people kept keep their review; people untagged lose the tag and its notice', async () => {
    const owner = await person();
    const [ana, ben] = [await person(), await person()];
    const media = await postPhoto(owner.agent, 'crew', { usertags: usertags([ana, 0.1, 0.1]) });
    expect((await ana.agent.post(`/web/usertags/${media.id}/approve/`)).status).toBe(200);
    const stranger = new Agent(t.app);
    expect(tagsOf(await pageOf(stranger, media.shortcode))).toEqual([{ id: ana.user.id, x: 0.1, y: 0.1 }]);

    const moved = await owner.agent.post(editUrl(media.id), { usertags: usertags([ana, 0.9, 0.2], [ben, 0.4, 0.6]) });
    expect(moved.status).toBe(200);
    // Ana's approved tag moved and stays approved; Ben's is new and waits for him.
    expect(tagsOf(await pageOf(stranger, media.shortcode))).toEqual([{ id: ana.user.id, x: 0.9, y: 0.2 }]);
    expect(tagsOf(await pageOf(ben.agent, media.shortcode)).map((x) => x.id).sort()).toEqual([ana.user.id, ben.user.id].sort());
    const statuses = await t.db.selectFrom('usertags').select(['user_id', 'status']).where('media_id', '=', media.id).execute();
    expect(Object.fromEntries(statuses.map((s) => [s.user_id, s.status]))).toEqual({ [ana.user.id]: 'approved', [ben.user.id]: 'pending' });
    expect(await eventsOf(media.id, 'usertag')).toEqual([ana.user.id, ben.user.id].sort());
    const benTagged = await ben.agent.get(queryUrl('tagged_posts', { id: ben.user.id }));
    expect(benTagged.body.data.user.edge_user_to_photos_of_you.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([media.id]);

    await owner.agent.post(editUrl(media.id), { usertags: usertags([ben, 0.4, 0.6]) });
    expect(await eventsOf(media.id, 'usertag')).toEqual([ben.user.id]);
    const anaTagged = await ana.agent.get(queryUrl('tagged_posts', { id: ana.user.id }));
    expect(anaTagged.body.data.user.edge_user_to_photos_of_you.edges).toEqual([]);
    // Telling Ben again would be noise: he is still tagged.
    await owner.agent.post(editUrl(media.id), { usertags: usertags([ben, 0.5, 0.5]) });
    expect(await eventsOf(media.id, 'usertag')).toEqual([ben.user.id]);
    const cleared = await owner.agent.post(editUrl(media.id), { usertags: '[]' });
    expect(tagsOf(cleared.body.media)).toEqual([]);
  });

  it('a carousel is edited item by item through children_metadata; items left as they were keep their tags and alt text', async () => {
    const owner = await person();
    const ana = await person();
    const media = await postCarousel(owner.agent, 'two', ['first alt', 'second alt']);
    const res = await owner.agent.post(editUrl(media.id), {
      children_metadata: JSON.stringify([{ usertags: [{ user_id: ana.user.id, position: [0.3, 0.3] }] }, { custom_accessibility_caption: 'better second' }]),
    });
    expect(res.status).toBe(200);
    const items = res.body.media.edge_sidecar_to_children.edges.map((e: { node: MediaNode }) => e.node);
    expect(items.map((it: MediaNode) => it.accessibility_caption)).toEqual(['first alt', 'better second']);
    expect(tagsOf(items[0])).toEqual([{ id: ana.user.id, x: 0.3, y: 0.3 }]);
    expect(tagsOf(items[1])).toEqual([]);

    const wrongCount = await owner.agent.post(editUrl(media.id), { children_metadata: JSON.stringify([{ custom_accessibility_caption: 'x' }]) });
    expect(wrongCount.status).toBe(400);
    expect(wrongCount.body.message).toMatch(/one entry per item of the post \(2\)/);
    const topLevel = await owner.agent.post(editUrl(media.id), { custom_accessibility_caption: 'x' });
    expect(topLevel.status).toBe(400);
    expect(topLevel.body.message).toMatch(/carousel/);
  });

  it(`bad input is a 400 that says why, and nothing of it is written`, async () => {
    const owner = await person();
    const ana = await person();
    const media = await postPhoto(owner.agent, 'steady', { location: 'Lisbon', usertags: usertags([ana, 0.5, 0.5]) });
    const refused = async (body: Record<string, string>, message: RegExp) => {
      const res = await owner.agent.post(editUrl(media.id), body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.status).toBe('fail');
      expect(res.body.message).toMatch(message);
    };
    await refused({}, /Nothing to change/);
    await refused({ caption: 'x'.repeat(CAPTION_MAX_LENGTH + 1) }, /at most 2,200 characters/);
    await refused({ caption: Array.from({ length: MAX_HASHTAGS + 1 }, (_, i) => `#t${i}x`).join(' ') }, new RegExp(`at most ${MAX_HASHTAGS} hashtags`));
    await refused({ caption: 'new words', location: 'x'.repeat(101) }, /location name can be at most 100/);
    await refused({ caption: 'new words', usertags: '[{"user_id":"' }, /usertags must be JSON/);
    await refused({ caption: 'new words', usertags: JSON.stringify([{ user_id: ana.user.id, position: [1.5, 0] }]) }, /usertags/);
    await refused({ caption: 'new words', usertags: JSON.stringify([{ user_id: '123456789', position: [0.5, 0.5] }]) }, /tagged people do not exist/);
    await refused({ caption: 'new words', custom_accessibility_caption: 'x'.repeat(1001) }, /1,000 characters/);
    await refused({ caption: 'new words', usertags: '[]', children_metadata: '[{}]' }, /not both/);
    const many = Array.from({ length: MAX_USERTAGS + 1 }, (_, i) => ({ user_id: String(1000 + i), position: [0.5, 0.5] }));
    await refused({ caption: 'new words', usertags: JSON.stringify(many) }, new RegExp(`at most ${MAX_USERTAGS} people`));
    const after = await pageOf(owner.agent, media.shortcode);
    expect(captionOf(after)).toBe('steady');
    expect(after.location?.name).toBe('Lisbon');
    expect(tagsOf(after).map((x) => x.id)).toEqual([ana.user.id]);
  });

  it(`a carousel's tags count together against the limit of ${MAX_USERTAGS}`, async () => {
    const owner = await person();
    const people = await Promise.all(Array.from({ length: 11 }, () => signUp(new Agent(t.app))));
    const media = await postCarousel(owner.agent, 'crowd', ['a', 'b']);
    const tags = (list: typeof people) => list.map((p) => ({ user_id: p.id, position: [0.5, 0.5] }));
    const over = await owner.agent.post(editUrl(media.id), { children_metadata: JSON.stringify([{ usertags: tags(people) }, { usertags: tags(people.slice(0, 10)) }]) });
    expect(over.status).toBe(400);
    expect(over.body.message).toMatch(new RegExp(`at most ${MAX_USERTAGS} people`));
    expect(await t.db.selectFrom('usertags').select('user_id').where('media_id', '=', media.id).execute()).toEqual([]);
  });
});

describe(`editing a post, from the side of who may not (${databaseKind})`, () => {
  it('a follower who sees the post gets 403 and the post stays as it was', async () => {
    const owner = await person();
    const media = await postPhoto(owner.agent, 'mine');
    const fan = await person();
    await follow(t.db, fan.user.id, owner.user.id);
    const res = await fan.agent.post(editUrl(media.id), { caption: 'hijacked' });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/Only the owner/);
    expect(captionOf(await pageOf(owner.agent, media.shortcode))).toBe('mine');
  });

  it("someone who may not see the post, or a post that does not exist, gets 404; a logged-out visitor 401; a request without the CSRF token 403", async () => {
    const owner = await person();
    const media = await postPhoto(owner.agent, 'private words');
    await makePrivate(t.db, owner.user.id);
    const stranger = await person();
    const hidden = await stranger.agent.post(editUrl(media.id), { caption: 'hijacked' });
    expect(hidden.status).toBe(404);
    expect(hidden.body.code).toBe('post_not_found');
    expect((await owner.agent.post(editUrl('987654321987'), { caption: 'x' })).status).toBe(404);
    await owner.agent.post(`/create/${media.id}/delete/`);
    expect((await owner.agent.post(editUrl(media.id), { caption: 'x' })).status).toBe(404);

    const other = await postPhoto(owner.agent, 'still mine');
    expect((await new Agent(t.app).post(editUrl(other.id), { caption: 'x' })).status).toBe(401);
    expect((await owner.agent.post(editUrl(other.id), { caption: 'x' }, { csrf: false })).status).toBe(403);
    expect((await owner.agent.post('/media/not-an-id/edit/', { caption: 'x' })).status).toBe(400);
    expect(captionOf(await pageOf(owner.agent, other.shortcode))).toBe('still mine');
  });
});

describe(`an edit is written whole or not at all (${databaseKind})`, () => {
  it('a write that fails half-way (a tagged account gone meanwhile) leaves the caption, hashtags and place as they were', async () => {
    const owner = await person();
    const media = await postPhoto(owner.agent, 'before #kept', { location: 'Lisbon' });
    const nowhere = `Nowhere ${Date.now()}`;
    const places = createPlaces(createPlacesRepository(t.db), createIdGenerator(1));
    const repo = createPostEditRepository(t.db, places.forPost);
    await expect(repo.apply({
      mediaId: media.id,
      single: true,
      caption: { caption: 'after #gone', hashtags: ['gone'], mentionIds: [] },
      place: { choice: { name: nowhere }, authorId: owner.user.id },
      items: [{ position: 0, alt: 'changed', usertags: [{ user_id: '999999999999', x: 0.5, y: 0.5 }] }],
    })).rejects.toThrow();
    const after = await pageOf(owner.agent, media.shortcode);
    expect(captionOf(after)).toBe('before #kept');
    expect(after.location?.name).toBe('Lisbon');
    expect(after.accessibility_caption).toBeNull();
    const tags = await t.db.selectFrom('media_hashtags').select('tag').where('media_id', '=', media.id).execute();
    expect(tags.map((r) => r.tag)).toEqual(['kept']);
    expect((await places.rows(nowhere, null, 5)).map((p) => p.name)).not.toContain(nowhere);
  });
});
