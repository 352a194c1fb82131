import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, newPerson, signUp } from './helpers/agent.js';
import { rename } from './helpers/summaries.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';
import { setRoleByUsername } from '../src/features/moderation/roles.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const tag = () => Math.random().toString(36).slice(2, 8).replace(/\d/g, 'x');
async function person(name: string, username: string) {
  const agent = new Agent(t.app);
  const user = await signUp(agent, { ...newPerson('ix'), first_name: name, username });
  return { agent, user };
}
const found = async (agent: Agent, query: string) =>
  ((await agent.get(`/web/search/topsearch/?query=${encodeURIComponent(query)}`)).body as { users: { user: { username: string } }[] }).users.map((u) => u.user.username);

// People search reads an index of accounts kept in the process; these are the changes it must see at once.
describe(`people search's index (${databaseKind})`, () => {
  it('finds a new account at once, by username, name and a misspelt name', async () => {
    const k = tag();
    const viewer = await person(`Viewer ${k}`, `vv${k}`);
    const fresh = await person(`Quentinella ${k}`, `ixfresh${k}`);
    expect(await found(viewer.agent, `ixfresh${k}`)).toEqual([fresh.user.username]);
    expect(await found(viewer.agent, `quentinella ${k}`)).toContain(fresh.user.username);
    expect(await found(viewer.agent, `ixfersh${k}`)).toContain(fresh.user.username);
  });

  it('finds a renamed account under its new username and name, and no longer under the old ones', async () => {
    const k = tag();
    const viewer = await person(`Viewer ${k}`, `vw${k}`);
    const p = await person(`Oldname ${k}`, `ixold${k}`);
    await rename(p, `ixnew${k}`, `Newname ${k}`);
    expect(await found(viewer.agent, `ixnew${k}`)).toEqual([`ixnew${k}`]);
    expect(await found(viewer.agent, `newname ${k}`)).toEqual([`ixnew${k}`]);
    expect(await found(viewer.agent, `ixold${k}`)).toEqual([]);
    expect(await found(viewer.agent, `oldname ${k}`)).toEqual([]);
  });

  it('leaves out a deactivated, a blocked, a suspended and a limited account, and finds them again once back', async () => {
    const k = tag();
    const viewer = await person(`Viewer ${k}`, `vz${k}`);
    const leaver = await person(`Hidden ${k}`, `ixleaver${k}`);
    const blocker = await person(`Hidden ${k}`, `ixblocker${k}`);
    const suspended = await person(`Hidden ${k}`, `ixsusp${k}`);
    const limited = await person(`Hidden ${k}`, `ixlim${k}`);
    const all = [leaver, blocker, suspended, limited].map((p) => p.user.username).sort();
    expect((await found(viewer.agent, `hidden ${k}`)).sort()).toEqual(all);

    expect((await leaver.agent.postJson('/accounts/deactivate/', { password: leaver.user.password, reason: 'break' })).status).toBe(200);
    expect((await blocker.agent.post(`/web/friendships/${viewer.user.id}/block/`)).status).toBe(200);
    // A moderator suspends one and limits the other, as moderators do.
    const mod = await person(`Mod ${k}`, `ixmod${k}`);
    expect(await setRoleByUsername(t.db, mod.user.username, 'moderator')).toMatchObject({ ok: true });
    const admin = (path: string, body: Record<string, string> = {}) => mod.agent.post(`/api/v1/admin/accounts/${path}`, body);
    expect((await admin(`${suspended.user.id}/action/`, { type: 'suspend', text: 'Spam account' })).status).toBe(200);
    expect((await admin(`${limited.user.id}/action/`, { type: 'silence', text: 'Spam account' })).status).toBe(200);
    expect(await found(viewer.agent, `hidden ${k}`)).toEqual([]);
    // A visitor is not blocked, so sees only the blocker.
    expect(await found(new Agent(t.app), `hidden ${k}`)).toEqual([blocker.user.username]);

    await blocker.agent.post(`/web/friendships/${viewer.user.id}/unblock/`);
    expect((await admin(`${suspended.user.id}/unsuspend/`)).status).toBe(200);
    expect((await admin(`${limited.user.id}/unsilence/`)).status).toBe(200);
    expect((await found(viewer.agent, `hidden ${k}`)).sort()).toEqual([blocker, suspended, limited].map((p) => p.user.username).sort());
  });
});
