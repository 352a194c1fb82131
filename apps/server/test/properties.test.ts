import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUERY_HASHES } from '@shutter/contract';
import { Agent } from './helpers/agent.js';
import { multipart } from './helpers/media.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const anyJson = fc.jsonValue({ maxDepth: 3 });
const fieldish = fc.dictionary(fc.constantFrom('email', 'username', 'password', 'first_name', 'opt_into_one_tap', '__proto__', 'constructor', 'x'), fc.oneof(fc.string({ maxLength: 300 }), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 })));

/** Whatever a client sends, the answer is a 2xx or a 4xx with a message: never a 500. */
function expectClientAnswer(res: { status: number; body: any }) {
  expect(res.status).toBeLessThan(500);
  if (res.status >= 400) {
    expect(res.body?.status).toBe('fail');
    expect(typeof res.body?.message).toBe('string');
    expect(res.body.message.length).toBeGreaterThan(0);
  }
}

describe(`arbitrary input never gives a 500 (${databaseKind})`, () => {
  it('signup and its dry run', async () => {
    const agent = new Agent(t.app);
    await fc.assert(fc.asyncProperty(fc.constantFrom('/accounts/web_create_ajax/attempt/', '/accounts/web_create_ajax/'), fc.oneof(anyJson, fieldish), async (path, body) => {
      expectClientAnswer(await agent.postJson(path, body));
    }), { numRuns: 60 });
  });

  it('login, with JSON, forms and raw bytes', async () => {
    const agent = new Agent(t.app, undefined, '100.64.0.1');
    await fc.assert(fc.asyncProperty(fc.oneof(
      anyJson.map((json) => ({ json })),
      fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 50 })).map((form) => ({ form })),
      fc.string({ maxLength: 200 }).map((raw) => ({ raw })),
      fc.string({ maxLength: 100 }).map((raw) => ({ raw, contentType: 'text/plain' })),
    ), async (opts) => {
      // a fresh address each time, so the rate limit does not hide the answers
      const res = await new Agent(t.app, undefined, `100.64.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`).request('POST', '/accounts/login/ajax/', opts);
      expectClientAnswer(res);
    }), { numRuns: 80 });
    expectClientAnswer(await agent.request('POST', '/accounts/login/ajax/', { raw: '{"username":' }));
  });

  it('the query endpoint', async () => {
    const agent = new Agent(t.app);
    await fc.assert(fc.asyncProperty(
      fc.oneof(fc.constantFrom(...Object.values(QUERY_HASHES)), fc.string({ maxLength: 40 })),
      fc.oneof(anyJson.map((v) => JSON.stringify(v)), fc.string({ maxLength: 100 })),
      async (hash, variables) => {
        const res = await agent.get(`/graphql/query/?query_hash=${encodeURIComponent(hash)}&variables=${encodeURIComponent(variables)}`);
        expectClientAnswer(res);
      },
    ), { numRuns: 100 });
  });

  it('ids past a 64-bit integer are a 400 everywhere', async () => {
    const agent = new Agent(t.app);
    await agent.post('/accounts/web_create_ajax/', { email: 'big@example.org', username: 'big_ids', password: 'a long passphrase', first_name: '' });
    const huge = '99999999999999999999';
    for (const path of [`/create/${huge}/delete/`, `/web/likes/${huge}/like/`, `/web/comments/${huge}/add/`, `/web/comments/like/${huge}/`, '/session/login_activity/logout_session/']) {
      const res = await agent.post(path, { comment_text: 'x', session_id: huge });
      expect(res.status, path).toBe(400);
    }
    const q = await agent.get(`/graphql/query/?query_hash=${QUERY_HASHES.profile_posts}&variables=${encodeURIComponent(JSON.stringify({ id: '9223372036854775808' }))}`);
    expect(q.status).toBe(400);
    expect((await agent.get('/p/IAAAAAAAAAA/?__a=1')).status).toBe(404);
  });

  it('page data paths', async () => {
    const agent = new Agent(t.app);
    await fc.assert(fc.asyncProperty(fc.stringMatching(/^[A-Za-z0-9._%~-]{1,40}$/), async (segment) => {
      const res = await agent.get(`/${segment}/?__a=1`);
      expect(res.status).toBeLessThan(500);
    }), { numRuns: 60 });
  });
});

describe(`arbitrary post input never gives a 500 (${databaseKind})`, () => {
  it('configure, configure_sidecar, comments and likes', async () => {
    const agent = new Agent(t.app);
    await agent.post('/accounts/web_create_ajax/', { email: 'prop@example.org', username: 'prop_person', password: 'a long passphrase', first_name: '' });
    const anyField = fc.oneof(fc.string({ maxLength: 80 }), anyJson.map((v) => JSON.stringify(v)), fc.constantFrom('[]', '[{"upload_id":"x"}]', '{"a":1}', '-1', '99999999999999999999999'));
    await fc.assert(fc.asyncProperty(
      fc.constantFrom('/create/configure/', '/create/configure_sidecar/', '/web/comments/1/add/', '/web/comments/abc/add/', '/web/likes/123/like/', '/create/99999999999999999999/delete/'),
      fc.dictionary(fc.constantFrom('upload_id', 'caption', 'usertags', 'location', 'custom_accessibility_caption', 'children_metadata', 'comment_text', 'replied_to_comment_id'), anyField),
      async (path, body) => { expectClientAnswer(await agent.postJson(path, body)); },
    ), { numRuns: 120 });
  });

  it('uploads with any bytes and any fields', async () => {
    const agent = new Agent(t.app);
    await agent.post('/accounts/web_create_ajax/', { email: 'prop2@example.org', username: 'prop_person2', password: 'a long passphrase', first_name: '' });
    await fc.assert(fc.asyncProperty(
      fc.constantFrom('/create/upload/photo/', '/create/upload/video/'),
      fc.uint8Array({ maxLength: 3000 }),
      fc.oneof(fc.constant('12345'), fc.string({ maxLength: 70 })),
      fc.constantFrom('photo', 'video', 'file'),
      async (path, bytes, uploadId, field) => {
        const body = multipart({ upload_id: uploadId }, { field, name: 'x.bin', type: 'application/octet-stream', data: Buffer.from(bytes) });
        expectClientAnswer(await agent.request('POST', path, { rawBuffer: body.payload, contentType: body.contentType }));
      },
    ), { numRuns: 60 });
    expectClientAnswer(await agent.request('POST', '/create/upload/photo/', { raw: 'not multipart', contentType: 'multipart/form-data; boundary=zzz' }));
    expectClientAnswer(await agent.request('POST', '/create/upload/photo/', { json: { upload_id: '1' } }));
  });
});

describe(`the router's own refusals (${databaseKind})`, () => {
  it('a path segment over the length limit, or a path that is not valid percent-encoding, answers in the API\'s shape', async () => {
    const agent = new Agent(t.app);
    const long = await agent.request('POST', `/web/likes/${'9'.repeat(300)}/like/`, { json: {} });
    expect(long.status).toBe(414);
    expectClientAnswer(long);
    const bad = await agent.get('/web/likes/%E0%A4%A/like/');
    expect(bad.status).toBe(400);
    expectClientAnswer(bad);
  });
});
