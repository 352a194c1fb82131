import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUERY_HASHES } from '@shutter/contract';
import { Agent, signUp } from './helpers/agent.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const url = (hash: string, variables: unknown) => `/graphql/query/?query_hash=${hash}&variables=${encodeURIComponent(typeof variables === 'string' ? variables : JSON.stringify(variables))}`;

describe(`persisted queries (${databaseKind})`, () => {
  it('R-002-page-data-6: GET /graphql/query/ with query_hash and JSON variables', async () => {
    const agent = new Agent(t.app);
    const person = await signUp(agent);
    const res = await agent.get(url(QUERY_HASHES.viewer, {}));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { user: expect.objectContaining({ id: person.id, username: person.username }) }, status: 'ok' });
  });

  it('pages the login activity with keyset cursors', async () => {
    const first = new Agent(t.app);
    const person = await signUp(first);
    for (let i = 0; i < 4; i++) await new Agent(t.app).post('/accounts/login/ajax/', { username: person.username, password: person.password });
    const seen: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 5; page++) {
      const res = await first.get(url(QUERY_HASHES.login_activity, { first: 2, after }));
      expect(res.status).toBe(200);
      const edge = res.body.data.user.edge_sessions;
      seen.push(...edge.edges.map((e: { node: { id: string } }) => e.node.id));
      if (!edge.page_info.has_next_page) break;
      after = edge.page_info.end_cursor;
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    expect([...seen].sort((a, b) => (BigInt(b) > BigInt(a) ? 1 : -1))).toEqual(seen);
  });

  it('answers 400 with a message for an unknown query, bad JSON, bad variables or a bad cursor', async () => {
    const agent = new Agent(t.app);
    await signUp(agent);
    const cases = [
      url('0'.repeat(32), {}),
      '/graphql/query/?query_hash=nothex',
      '/graphql/query/',
      url(QUERY_HASHES.login_activity, '{not json'),
      url(QUERY_HASHES.login_activity, { first: 0 }),
      url(QUERY_HASHES.login_activity, { first: 'many' }),
      url(QUERY_HASHES.login_activity, { first: 5, after: 'garbage' }),
    ];
    for (const c of cases) {
      const res = await agent.get(c);
      expect(res.status, c).toBe(400);
      expect(res.body.status).toBe('fail');
      expect(typeof res.body.message).toBe('string');
    }
  });

  it('a query that needs a session answers 401 without one', async () => {
    const res = await new Agent(t.app).get(url(QUERY_HASHES.login_activity, {}));
    expect(res.status).toBe(401);
    expect((await new Agent(t.app).get(url(QUERY_HASHES.viewer, {}))).body.data.user).toBeNull();
  });
});
