import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follow } from '../helpers/graph.js';
import { seeding, servicesOver, type Services } from '../helpers/service-deps.js';
import { createTestApp, databaseKind, type TestApp } from '../helpers/test-app.js';

/** The comments service on the test database: who may comment, reply, like and delete, and who may not. */
let t: TestApp;
let s: Services;
let seed: ReturnType<typeof seeding>;
const people = {} as Record<'owner' | 'follower' | 'other' | 'stranger' | 'open' | 'loud' | 'blocker', string>;
let privatePost: string;
let publicPost: string;

const commentsOn = async (mediaId: string) => t.db.selectFrom('comments').select(['id', 'user_id', 'parent_id', 'text']).where('media_id', '=', mediaId).execute();
const events = async (userId: string, actorId: string, type: 'comment' | 'mention' | 'comment_like') =>
  t.db.selectFrom('events').select(['comment_id']).where('user_id', '=', userId).where('actor_id', '=', actorId).where('type', '=', type).execute();

beforeAll(async () => {
  t = await createTestApp();
  s = servicesOver(t);
  seed = seeding(t, s);
  people.owner = await seed.user('owner', { private: true });
  for (const name of ['follower', 'other', 'stranger', 'open', 'loud', 'blocker'] as const) people[name] = await seed.user(name);
  await follow(t.db, people.follower, people.owner);
  await follow(t.db, people.other, people.owner);
  await s.friendships.block(people.blocker, people.loud);
  privatePost = await seed.post(people.owner);
  publicPost = await seed.post(people.open);
}, 180_000);
afterAll(async () => { await t.close(); });

describe(`comments service (${databaseKind})`, () => {
  it('a follower comments on a private post: the owner is told, and so is a person mentioned', async () => {
    const mentioned = await seed.username(people.other);
    const node = await s.comments.add(privatePost, people.follower, `  nice one @${mentioned} `, undefined);
    expect(node.text).toBe(`nice one @${mentioned}`);
    expect((await commentsOn(privatePost)).map((c) => c.id)).toContain(node.id);
    expect((await events(people.owner, people.follower, 'comment')).map((e) => e.comment_id)).toContain(node.id);
    expect((await events(people.other, people.follower, 'mention')).map((e) => e.comment_id)).toContain(node.id);
  });

  it('a stranger and a visitor cannot comment on or read a private post\'s comments, and nothing is written', async () => {
    const before = (await commentsOn(privatePost)).length;
    await expect(s.comments.add(privatePost, people.stranger, 'hello', undefined)).rejects.toMatchObject({ statusCode: 404 });
    await expect(s.comments.parents(privatePost, people.stranger, 10, null)).rejects.toMatchObject({ statusCode: 404 });
    await expect(s.comments.parents(privatePost, null, 10, null)).rejects.toMatchObject({ statusCode: 404 });
    expect(await commentsOn(privatePost)).toHaveLength(before);
    expect(await events(people.owner, people.stranger, 'comment')).toHaveLength(0);
  });

  it('an empty comment and a comment on a post with comments off are refused', async () => {
    await expect(s.comments.add(publicPost, people.stranger, '   ', undefined)).rejects.toMatchObject({ statusCode: 400, extra: { code: 'comment_empty' } });
    const quiet = await seed.post(people.open);
    await t.db.updateTable('media').set({ comments_disabled: true }).where('id', '=', quiet).execute();
    await expect(s.comments.add(quiet, people.stranger, 'hi', undefined)).rejects.toMatchObject({ statusCode: 403, extra: { code: 'comments_off' } });
    expect(await commentsOn(quiet)).toHaveLength(0);
  });

  it('a reply to a reply joins its thread under the top comment; a reply across posts is refused', async () => {
    const top = await s.comments.add(publicPost, people.stranger, 'top', undefined);
    const reply = await s.comments.add(publicPost, people.follower, 'reply', top.id);
    const deeper = await s.comments.add(publicPost, people.other, 'deeper', reply.id);
    const rows = new Map((await commentsOn(publicPost)).map((c) => [c.id, c]));
    expect(rows.get(reply.id)!.parent_id).toBe(top.id);
    expect(rows.get(deeper.id)!.parent_id).toBe(top.id);
    const replies = await s.comments.replies(top.id, null, 10, null);
    expect(replies.count).toBe(2);
    const elsewhere = await seed.post(people.open);
    await expect(s.comments.add(elsewhere, people.stranger, 'lost', top.id)).rejects.toMatchObject({ statusCode: 400 });
    expect(await commentsOn(elsewhere)).toHaveLength(0);
  });

  it('the commenter and the post\'s owner may delete a comment; another follower may not', async () => {
    const mine = await s.comments.add(privatePost, people.follower, 'mine', undefined);
    const theirs = await s.comments.add(privatePost, people.other, 'theirs', undefined);
    await expect(s.comments.remove(privatePost, mine.id, people.other)).rejects.toMatchObject({ statusCode: 403 });
    await expect(s.comments.remove(privatePost, mine.id, people.stranger)).rejects.toMatchObject({ statusCode: 404 });
    expect((await commentsOn(privatePost)).map((c) => c.id)).toContain(mine.id);
    await s.comments.remove(privatePost, mine.id, people.follower);
    await s.comments.remove(privatePost, theirs.id, people.owner);
    const left = (await commentsOn(privatePost)).map((c) => c.id);
    expect(left).not.toContain(mine.id);
    expect(left).not.toContain(theirs.id);
  });

  it('a comment is deleted only through its own post', async () => {
    const c = await s.comments.add(publicPost, people.stranger, 'stay', undefined);
    const mine = await seed.post(people.stranger);
    // The owner of another post cannot reach this comment by naming their own post.
    await expect(s.comments.remove(mine, c.id, people.stranger)).rejects.toMatchObject({ statusCode: 404 });
    expect((await commentsOn(publicPost)).map((x) => x.id)).toContain(c.id);
  });

  it('a comment like tells its author once, the unlike takes it back; a stranger cannot like on a private post', async () => {
    const c = await s.comments.add(privatePost, people.follower, 'like me', undefined);
    await s.comments.like(c.id, people.other);
    await s.comments.like(c.id, people.other);
    expect(await events(people.follower, people.other, 'comment_like')).toHaveLength(1);
    expect((await s.comments.likers(c.id, people.owner, 10, null)).count).toBe(1);
    await s.comments.unlike(c.id, people.other);
    expect(await events(people.follower, people.other, 'comment_like')).toHaveLength(0);
    await expect(s.comments.like(c.id, people.stranger)).rejects.toMatchObject({ statusCode: 404 });
    const likes = await t.db.selectFrom('comment_likes').select('user_id').where('comment_id', '=', c.id).execute();
    expect(likes).toEqual([]);
  });

  it('comments by someone the viewer blocked are not shown to them; others still see them', async () => {
    const c = await s.comments.add(publicPost, people.loud, 'shouting', undefined);
    const forBlocker = await s.comments.parents(publicPost, people.blocker, 50, null);
    expect(forBlocker.edges.map((e) => e.node.id)).not.toContain(c.id);
    const forVisitor = await s.comments.parents(publicPost, null, 50, null);
    expect(forVisitor.edges.map((e) => e.node.id)).toContain(c.id);
  });
});
