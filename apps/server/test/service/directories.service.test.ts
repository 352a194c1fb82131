import type { DirectoryKind } from '@shutter/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follow } from '../helpers/graph.js';
import { seeding, servicesOver, type Services } from '../helpers/service-deps.js';
import { createTestApp, databaseKind, type TestApp } from '../helpers/test-app.js';

/** The directories service on the test database: public accounts and hashtags by name, and the accounts around a person. */
let t: TestApp;
let s: Services;
let seed: ReturnType<typeof seeding>;
const people = {} as Record<'open' | 'hidden' | 'viewer' | 'blocked' | 'fan' | 'around' | 'noChain' | 'blocker', string>;
const names = {} as Record<keyof typeof people, string>;
const tags = { open: `opentag${Date.now() % 1e6}`, hidden: `hiddentag${Date.now() % 1e6}` };

/** Every entry of a directory the viewer is shown, leaf by leaf. */
async function everything(kind: DirectoryKind, viewerId: string | null): Promise<string[]> {
  const out: string[] = [];
  const visit = async (key: string | null) => {
    const page = await s.directories.page(kind, key, viewerId);
    if (!page) throw new Error(`no page ${key}`);
    out.push(...page.profile_list.map((u) => u.id), ...page.hashtag_list.map((h) => h.name));
    for (const child of page.key_list) await visit(child.key);
  };
  await visit(null);
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  s = servicesOver(t);
  seed = seeding(t, s);
  for (const name of ['open', 'viewer', 'blocked', 'fan', 'around', 'noChain', 'blocker'] as const) people[name] = await seed.user(name);
  people.hidden = await seed.user('hidden', { private: true });
  for (const key of Object.keys(people) as (keyof typeof people)[]) names[key] = await seed.username(people[key]);
  await s.friendships.block(people.viewer, people.blocked);
  await s.friendships.block(people.blocker, people.viewer);
  await follow(t.db, people.fan, people.open);
  await follow(t.db, people.fan, people.around);
  await follow(t.db, people.fan, people.hidden);
  await follow(t.db, people.hidden, people.around);
  await seed.post(people.open, { hashtags: [tags.open] });
  await seed.post(people.hidden, { hashtags: [tags.hidden] });
}, 180_000);
afterAll(async () => { await t.close(); });

describe(`directories service (${databaseKind})`, () => {
  it('the profiles directory lists public accounts only', async () => {
    const listed = await everything('profiles', null);
    expect(listed).toEqual(expect.arrayContaining([people.open, people.viewer, people.blocked]));
    expect(listed).not.toContain(people.hidden);
  });

  it('it leaves out, for the viewer, the people a block stands between', async () => {
    const listed = await everything('profiles', people.viewer);
    expect(listed).toContain(people.open);
    expect(listed).not.toContain(people.blocked);
    expect(listed).not.toContain(people.blocker);
  });

  it('the hashtags directory lists only tags with a post anyone may see', async () => {
    const listed = await everything('hashtags', null);
    expect(listed).toContain(tags.open);
    expect(listed).not.toContain(tags.hidden);
  });

  it('a key of another shape, or naming no list, is no page', async () => {
    expect(await s.directories.page('profiles', 'not a key', null)).toBeNull();
    expect(await s.directories.page('profiles', '99-99-99', null)).toBeNull();
  });

  it('the accounts around a public person are public accounts near them in the graph', async () => {
    const page = await s.directories.suggested(names.fan, null);
    const ids = page!.profile_list.map((u) => u.id);
    expect(ids).toEqual(expect.arrayContaining([people.open, people.around]));
    expect(ids).not.toContain(people.hidden);
  });

  it('around a private account: nothing for a stranger, the list for a follower', async () => {
    expect((await s.directories.suggested(names.hidden, people.viewer))?.profile_list).toEqual([]);
    expect((await s.directories.suggested(names.hidden, null))?.profile_list).toEqual([]);
    const forFan = await s.directories.suggested(names.hidden, people.fan);
    expect(forFan?.profile_list.map((u) => u.id)).toContain(people.around);
  });

  it('a person who blocked the viewer, or does not exist, is no page; one who turned suggestions off has an empty list', async () => {
    expect(await s.directories.suggested(names.blocker, people.viewer)).toBeNull();
    expect(await s.directories.suggested('nobody_by_this_name', null)).toBeNull();
    await follow(t.db, people.noChain, people.open);
    await t.db.updateTable('users').set({ chaining_enabled: false }).where('id', '=', people.noChain).execute();
    const page = await s.directories.suggested(names.noChain, null);
    expect(page).toMatchObject({ user: { id: people.noChain }, profile_list: [] });
  });
});
