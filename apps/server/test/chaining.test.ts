import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, signedUpAgent, queryUrl } from './helpers/agent.js';
import { follow } from './helpers/graph.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const person = () => signedUpAgent(t.app);

interface Edge { node: { user: { id: string; username: string; followed_by_viewer: boolean }; description: string } }
const similarIds = async (agent: Agent, id: string) => {
  const res = await agent.get(queryUrl('similar_accounts', { id }));
  expect(res.status).toBe(200);
  return (res.body.data.user.edge_chaining.edges as Edge[]).map((e) => e.node.user.id);
};

/** A target with followers, the accounts those followers also follow, and a viewer. */
async function world() {
  const [target, viewer, f1, f2, f3, x, y, hidden] = await Promise.all(Array.from({ length: 8 }, person));
  for (const f of [f1, f2, f3]) await follow(t.db, f.user.id, target.user.id);
  await follow(t.db, f1.user.id, x.user.id);
  await follow(t.db, f2.user.id, x.user.id);
  await follow(t.db, f3.user.id, y.user.id);
  await follow(t.db, f1.user.id, hidden.user.id);
  await follow(t.db, f2.user.id, hidden.user.id);
  await follow(t.db, f3.user.id, hidden.user.id);
  await t.db.updateTable('users').set({ chaining_enabled: false }).where('id', '=', hidden.user.id).execute();
  await follow(t.db, viewer.user.id, f1.user.id);
  return { target, viewer, f1, x, y, hidden };
}

describe(`similar accounts, "chaining" (${databaseKind})`, () => {
  it('ranks the accounts that the target\'s followers also follow, never the target, the viewer or who opted out', async () => {
    const { target, viewer, f1, x, y, hidden } = await world();
    const res = await viewer.agent.get(queryUrl('similar_accounts', { id: target.user.id }));
    const edges = res.body.data.user.edge_chaining.edges as Edge[];
    const ids = edges.map((e) => e.node.user.id);
    expect(ids[0]).toBe(x.user.id);
    expect(ids.indexOf(y.user.id)).toBeGreaterThan(0);
    // The viewer follows f1, who follows x.
    expect(edges[0].node.description).toBe(`Followed by ${f1.user.username}`);
    expect(edges[0].node.user.followed_by_viewer).toBe(false);
    expect(ids).not.toContain(hidden.user.id);
    expect(ids).not.toContain(target.user.id);
    expect(ids).not.toContain(viewer.user.id);
    // Already followed.
    expect(ids).not.toContain(f1.user.id);
  });

  it('R-000-suggested-users-4: an account dismissed from chaining, followed or blocked is not suggested again', async () => {
    const { target, viewer, x, y } = await world();
    expect((await viewer.agent.post('/web/discover/dismiss_suggestion/', { target_id: x.user.id })).status).toBe(200);
    expect(await similarIds(viewer.agent, target.user.id)).not.toContain(x.user.id);
    await viewer.agent.post(`/web/friendships/${y.user.id}/block/`);
    expect(await similarIds(viewer.agent, target.user.id)).not.toContain(y.user.id);
    // The dismissal holds on the feed's list too.
    const feedList = await viewer.agent.get(queryUrl('suggested_users', { fetch_suggested_count: 100 }));
    expect((feedList.body.data.user.edge_suggested_users.edges as Edge[]).map((e) => e.node.user.id)).not.toContain(x.user.id);
  });

  it('an owner who turned similar accounts off gets none on their profile, and the page data says so', async () => {
    const { target, viewer } = await world();
    const page = async () => (await viewer.agent.get(`/${target.user.username}/?__a=1`)).body.show_suggested_profiles;
    expect(await page()).toBe(true);
    expect((await target.agent.get(`/${target.user.username}/?__a=1`)).body.show_suggested_profiles).toBe(false);
    expect((await new Agent(t.app).get(`/${target.user.username}/?__a=1`)).body.show_suggested_profiles).toBe(false);
    // The edit form's switch, as the owner turns it off.
    const form = (await target.agent.get('/accounts/edit/?__a=1')).body.form_data;
    const off = { ...form, gender: String(form.gender), custom_gender: form.custom_gender ?? '', chaining_enabled: 'false' };
    expect((await target.agent.post('/accounts/edit/', off)).body).toEqual({ status: 'ok' });
    expect(await page()).toBe(false);
    expect(await similarIds(viewer.agent, target.user.id)).toEqual([]);
  });

  it('a short list is filled with popular accounts that allow it', async () => {
    const lonely = await person();
    const viewer = await person();
    const ids = await similarIds(viewer.agent, lonely.user.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).not.toContain(lonely.user.id);
    expect(ids).not.toContain(viewer.user.id);
  });

  it('needs a session; an unknown account or one across a block is not found; first is bounded', async () => {
    const { target, viewer } = await world();
    expect((await new Agent(t.app).get(queryUrl('similar_accounts', { id: target.user.id }))).status).toBe(401);
    expect((await viewer.agent.get(queryUrl('similar_accounts', { id: '12345' }))).status).toBe(404);
    expect((await viewer.agent.get(queryUrl('similar_accounts', { id: target.user.id, first: 31 }))).status).toBe(400);
    await target.agent.post(`/web/friendships/${viewer.user.id}/block/`);
    const blocked = await viewer.agent.get(queryUrl('similar_accounts', { id: target.user.id }));
    expect(blocked.status).toBe(404);
    expect(blocked.body.status).toBe('fail');
    expect((await target.agent.get(queryUrl('similar_accounts', { id: viewer.user.id }))).status).toBe(404);
  });

  it('the similar accounts page has the profile\'s page data, for signed-in viewers', async () => {
    const { target, viewer } = await world();
    const res = await viewer.agent.get(`/${target.user.username}/similar_accounts/?__a=1`);
    expect(res.status).toBe(200);
    expect(res.body.graphql.user.id).toBe(target.user.id);
  });
});
