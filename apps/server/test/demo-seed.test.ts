import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../src/platform/storage.js';
import { seedDemoPosts } from '../src/seed/demo-posts.js';
import { seedDemoDirect } from '../src/seed/demo-direct.js';
import { seedDemoStories } from '../src/seed/demo-stories.js';
import { createIdGenerator } from '../src/platform/ids.js';
import { follow } from './helpers/graph.js';
import { Agent, newPerson, signUp } from './helpers/agent.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let mediaDir: string;
beforeAll(async () => {
  t = await createTestApp();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shutter-seed-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

describe(`demo world (${databaseKind})`, () => {
  it('posts spread over the last two weeks, none in the future, in the order of their ids', async () => {
    for (let i = 0; i < 8; i++) await signUp(new Agent(t.app));
    const started = Date.now();
    const { posts } = await seedDemoPosts({ db: t.db, storage: createLocalStorage(mediaDir) });
    expect(posts).toBeGreaterThan(8);
    const media = await t.db.selectFrom('media').select(['id', 'created_at']).orderBy('id').execute();
    const times = media.map((m) => m.created_at.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(Math.max(...times)).toBeLessThanOrEqual(started);
    expect(Math.max(...times)).toBeGreaterThan(started - 3600_000);
    expect(Math.min(...times)).toBeGreaterThan(started - 15 * 24 * 3600_000);
    const comments = await t.db.selectFrom('comments').select('created_at').execute();
    expect(comments.length).toBeGreaterThan(0);
    for (const c of comments) expect(c.created_at.getTime()).toBeLessThanOrEqual(started);
  });
});

describe(`demo conversations (${databaseKind})`, () => {
  it("alice's inbox opens on her conversations: two unread, one read, and a request from an account she does not follow", async () => {
    const agents = new Map<string, Agent>();
    for (const username of ['alice', 'bob', 'carol', 'hugo', 'clay.kiln']) {
      const agent = new Agent(t.app);
      await signUp(agent, { ...newPerson(), username });
      agents.set(username, agent);
    }
    expect(await seedDemoDirect(t.db)).toBe(4);
    const alice = agents.get('alice')!;
    const inbox = await alice.get('/direct_v2/web/inbox/?persistentBadging=true');
    expect(inbox.status).toBe(200);
    const threads = inbox.body.inbox.threads as { thread_title: string; is_group: boolean; items: { user_id: string }[] }[];
    expect(threads.map((th) => th.thread_title)).toEqual(['Bob Okafor', 'Weekend in the Alps', 'Carol Nguyen'].map((title, i) => (i === 1 ? title : expect.any(String))));
    expect(threads.filter((th) => th.is_group)).toHaveLength(1);
    expect(inbox.body.inbox.unseen_count).toBe(2);
    expect(inbox.body.pending_requests_total).toBe(1);
    const badge = await alice.get('/direct_v2/web/get_badge_count/?no_raven=1');
    expect(badge.body.badge_count).toBe(2);
    const pending = await alice.get('/direct_v2/web/pending_inbox/');
    expect(pending.body.inbox.threads).toHaveLength(1);
    // bob's last line is the only unread one; carol shared no post here, so that line is left out.
    expect(threads[0]!.items.length).toBe(5);
  });
});

describe(`demo stories (${databaseKind})`, () => {
  it('live stories for alice and most people she follows, close friends ones for her, and archives to make highlights from', async () => {
    const known = new Set((await t.db.selectFrom('users').select('username').execute()).map((u) => u.username));
    for (const username of ['alice', 'bob', 'carol', 'erin', 'farid', 'grace']) {
      if (!known.has(username)) await signUp(new Agent(t.app), { ...newPerson(), username });
    }
    const users = await t.db.selectFrom('users').select(['id', 'username']).orderBy('id').execute();
    const alice = users.find((u) => u.username === 'alice')!;
    for (const u of users) if (u.id !== alice.id) await follow(t.db, alice.id, u.id);

    const started = Date.now();
    const cpu = process.cpuUsage();
    const seeded = await seedDemoStories({ db: t.db, storage: createLocalStorage(mediaDir), nextId: createIdGenerator(77) });
    const stories = await t.db.selectFrom('stories').innerJoin('users', 'users.id', 'stories.owner_id')
      .select(['users.username', 'stories.id', 'stories.owner_id', 'stories.status', 'stories.kind', 'stories.audience', 'stories.taken_at', 'stories.expiring_at']).execute();
    const spent = process.cpuUsage(cpu);
    console.log(`demo stories: ${seeded.live} live, ${seeded.expired} expired in ${Date.now() - started} ms (${Math.round((spent.user + spent.system) / 1000)} ms of CPU in this process)`);
    expect(stories).toHaveLength(seeded.live + seeded.expired);
    expect(stories.every((s) => s.status === 'ready')).toBe(true);
    const live = stories.filter((s) => s.expiring_at.getTime() > started);
    expect(live.length).toBe(seeded.live);
    for (const s of live) expect(s.taken_at.getTime()).toBeGreaterThan(started - 21 * 3600_000);
    const posters = new Set(live.map((s) => s.username));
    expect(posters.has('alice')).toBe(true);
    expect(posters.size).toBeGreaterThan((users.length - 1) / 2);
    expect(live.some((s) => s.kind === 'video')).toBe(true);

    // Close friends' stories come from people who list alice.
    const besties = live.filter((s) => s.audience === 'besties');
    expect(besties.length).toBeGreaterThan(0);
    const listing = await t.db.selectFrom('close_friends').select('owner_id').where('friend_id', '=', alice.id).execute();
    for (const s of besties) expect(listing.map((r) => r.owner_id)).toContain(s.owner_id);
    const mentions = await t.db.selectFrom('events').innerJoin('stories', 'stories.id', 'events.story_id')
      .select(['events.created_at', 'stories.taken_at']).where('events.user_id', '=', alice.id).where('events.type', '=', 'story_mention').execute();
    expect(mentions).not.toHaveLength(0);
    for (const m of mentions) expect(m.created_at.getTime()).toBe(m.taken_at.getTime());

    for (const name of ['alice', 'bob', 'carol', 'erin']) {
      const archive = stories.filter((s) => s.username === name && s.expiring_at.getTime() <= started);
      expect(archive.length, name).toBeGreaterThanOrEqual(4);
      expect(archive.length, name).toBeLessThanOrEqual(6);
      for (const s of archive) {
        expect(s.taken_at.getTime()).toBeLessThan(started - 2 * 24 * 3600_000 + 60_000);
        expect(s.taken_at.getTime()).toBeGreaterThan(started - 21 * 24 * 3600_000);
      }
    }
  }, 120_000);
});
