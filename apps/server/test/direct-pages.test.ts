import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageData } from '@shutter/contract/results';
import { Agent, signedUpAgent } from './helpers/agent.js';
import { directOver } from './helpers/direct.js';
import { follow } from './helpers/graph.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

describe(`direct pages (${databaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t.close(); });

  it('R-002-direct-1: /direct/inbox/, /direct/requests/, /direct/new/ and /direct/t/{id}/ answer their page data at ?__a=1', async () => {
    const [a, b] = [await signedUpAgent(t.app), await signedUpAgent(t.app)];
    await follow(t.db, b.user.id, a.user.id);
    const { direct } = directOver(t);
    const { threadId } = await direct.createThread(a.user.id, [b.user.id]);
    await direct.deliver(a.user.id, threadId, { type: 'text', text: 'page me' }, null);

    const inbox = await b.agent.get('/direct/inbox/?__a=1');
    expect(inbox.status).toBe(200);
    expect(pageData['direct-inbox'].parse(inbox.body).inbox.threads.map((x) => x.thread_id)).toEqual([threadId]);
    const requests = await b.agent.get('/direct/requests/?__a=1');
    expect(pageData['direct-requests'].parse(requests.body).inbox.threads).toEqual([]);
    expect((await b.agent.get('/direct/new/?__a=1')).body).toEqual({ status: 'ok' });
    const thread = await b.agent.get(`/direct/t/${threadId}/?__a=1`);
    expect(thread.body.thread).toMatchObject({ thread_id: threadId, items: [{ text: 'page me' }] });

    const stranger = await signedUpAgent(t.app);
    expect((await stranger.agent.get(`/direct/t/${threadId}/?__a=1`)).status).toBe(404);
    expect((await stranger.agent.get('/direct/t/not-a-thread/?__a=1')).status).toBe(404);
    expect((await new Agent(t.app).get('/direct/inbox/?__a=1')).status).toBe(401);
  });

  it('the shared data tells the client that direct is on, on desktops too', async () => {
    expect((await new Agent(t.app).get('/data/shared_data/')).body.direct).toEqual({ enabled: true, desktop: true });
  });
});

describe(`direct turned off (${databaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ env: { DIRECT_ENABLED: 'false', DIRECT_DESKTOP: '0' } }); });
  afterAll(async () => { await t.close(); });

  it('R-002-direct-2: every direct page sends the viewer to /, its data and the direct API answer 404, and the shared data says so', async () => {
    const a = await signedUpAgent(t.app);
    for (const path of ['/direct/inbox/', '/direct/requests/', '/direct/new/', '/direct/t/123/']) {
      const page = await a.agent.get(path);
      expect([page.status, page.headers.location], path).toEqual([302, '/']);
      expect((await a.agent.get(`${path}?__a=1`)).status, path).toBe(404);
    }
    expect((await a.agent.get('/direct_v2/web/inbox/')).status).toBe(404);
    expect((await a.agent.get('/direct_v2/web/get_badge_count/')).status).toBe(404);
    expect((await a.agent.post('/direct_v2/web/create_group_thread/', { recipient_users: '[]' })).status).toBe(404);
    expect((await a.agent.get('/data/shared_data/')).body.direct).toEqual({ enabled: false, desktop: false });
  });
});
