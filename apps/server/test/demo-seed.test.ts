import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../src/platform/storage.js';
import { seedDemoPosts } from '../src/seed/demo-posts.js';
import { seedDemoDirect } from '../src/seed/demo-direct.js';
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
