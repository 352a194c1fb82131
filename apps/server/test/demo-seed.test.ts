import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../src/platform/storage.js';
import { seedDemoPosts } from '../src/seed/demo-posts.js';
import { Agent, signUp } from './helpers/agent.js';
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
