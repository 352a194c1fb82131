import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCEPT_APP_INVITE_PATH, DECLINE_APP_INVITE_PATH, MANAGE_ACCESS_APPS_PATH, MANAGE_ACCESS_PATH } from '@shutter/contract';
import { manageAccess, registeredApp } from '@shutter/contract/results';
import { signedUpAgent } from './helpers/agent.js';
import { REDIRECT_URI, registerApp } from './helpers/oauth-client.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

type Person = Awaited<ReturnType<typeof signedUpAgent>>;
const person = () => signedUpAgent(t.app);
const listOf = async (p: Person) => manageAccess.parse((await p.agent.get(`${MANAGE_ACCESS_PATH}?__a=1`)).body);

async function developerApp(dev: Person, name = 'Beta Frame') {
  const res = await dev.agent.request('POST', MANAGE_ACCESS_APPS_PATH, { json: { client_name: name, redirect_uris: [REDIRECT_URI], scopes: 'read' } });
  expect(res.status).toBe(200);
  return registeredApp.parse(res.body);
}
const invite = (dev: Person, clientId: string, username: string) =>
  dev.agent.request('POST', `/api/v1/apps/${clientId}/testers`, { json: { username } });

describe(`testers' invitations (${databaseKind})`, () => {
  it('R-001-connected-apps-1: accepting an invite moves it from pending to accepted with the server\'s accepted_time', async () => {
    const dev = await person();
    const tester = await person();
    const app = await developerApp(dev);
    expect((await invite(dev, app.client_id, tester.user.username)).status).toBe(200);
    expect((await listOf(tester)).invites).toEqual([{ app_id: app.client_id, app_name: 'Beta Frame', accepted_at: null }]);

    const res = await tester.agent.post(ACCEPT_APP_INVITE_PATH, { client_id: app.client_id });
    expect(res.status).toBe(200);
    expect(res.body.accepted_time).toBeGreaterThan(Date.now() / 1000 - 60);
    expect((await listOf(tester)).invites).toEqual([{ app_id: app.client_id, app_name: 'Beta Frame', accepted_at: res.body.accepted_time }]);
    // Accepting again keeps the first time; inviting again changes nothing.
    expect((await tester.agent.post(ACCEPT_APP_INVITE_PATH, { client_id: app.client_id })).body.accepted_time).toBe(res.body.accepted_time);
    await invite(dev, app.client_id, tester.user.username);
    expect((await listOf(tester)).invites[0]!.accepted_at).toBe(res.body.accepted_time);
  });

  it('R-001-connected-apps-2: declining an invite removes it', async () => {
    const dev = await person();
    const tester = await person();
    const app = await developerApp(dev);
    await invite(dev, app.client_id, tester.user.username);
    expect((await tester.agent.post(DECLINE_APP_INVITE_PATH, { client_id: app.client_id })).status).toBe(200);
    expect((await listOf(tester)).invites).toEqual([]);
    expect((await tester.agent.post(DECLINE_APP_INVITE_PATH, { client_id: app.client_id })).status).toBe(404);
    expect((await tester.agent.post(ACCEPT_APP_INVITE_PATH, { client_id: app.client_id })).status).toBe(404);
  });

  it('only the app\'s developer invites; nobody answers an invitation meant for another', async () => {
    const dev = await person();
    const tester = await person();
    const stranger = await person();
    const app = await developerApp(dev);
    expect((await invite(stranger, app.client_id, tester.user.username)).status).toBe(403);
    const anonymous = await registerApp(t.app);
    expect((await invite(dev, anonymous.client_id, tester.user.username)).status).toBe(403);
    expect((await invite(dev, 'no-such-app', tester.user.username)).status).toBe(404);
    expect((await invite(dev, app.client_id, 'no_such_person_here')).status).toBe(404);
    expect((await dev.agent.request('POST', `/api/v1/apps/${app.client_id}/testers`, { json: { username: tester.user.username }, csrf: false })).status).toBe(403);

    await invite(dev, app.client_id, tester.user.username);
    expect((await stranger.agent.post(ACCEPT_APP_INVITE_PATH, { client_id: app.client_id })).status).toBe(404);
    expect((await stranger.agent.post(DECLINE_APP_INVITE_PATH, { client_id: app.client_id })).status).toBe(404);
    expect((await listOf(stranger)).invites).toEqual([]);
    expect((await listOf(tester)).invites).toHaveLength(1);
  });

  it('registering from the account needs its CSRF token', async () => {
    const dev = await person();
    const res = await dev.agent.request('POST', MANAGE_ACCESS_APPS_PATH, { json: { client_name: 'X', redirect_uris: REDIRECT_URI }, csrf: false });
    expect(res.status).toBe(403);
  });
});
