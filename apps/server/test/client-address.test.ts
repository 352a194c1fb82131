import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMIT_PER_IP } from '@shutter/contract';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

/** A logged-out visitor's csrftoken, as the service issues it (a made-up one is refused). */
async function csrfToken(t: TestApp) {
  const res = await t.app.inject({ method: 'GET', url: '/data/shared_data/' });
  return res.cookies.find((c) => c.name === 'csrftoken')!.value;
}

/** A login from `peer` (the socket's address) carrying the X-Forwarded-For a client chose. */
async function login(t: TestApp, peer: string, forwardedFor: string) {
  const token = await csrfToken(t);
  const res = await t.app.inject({
    method: 'POST', url: '/accounts/login/ajax/', remoteAddress: peer,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor, 'x-csrftoken': token, cookie: `csrftoken=${token}` },
    payload: JSON.stringify({ username: `ghost_${Math.random().toString(36).slice(2, 8)}`, password: 'wrong password 1' }),
  });
  return res.statusCode;
}

const randomAddress = () => `100.64.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}`;

async function statuses(t: TestApp, peer: string, forwardedFor: () => string) {
  const seen: number[] = [];
  for (let i = 0; i <= LOGIN_LIMIT_PER_IP.max; i++) seen.push(await login(t, peer, forwardedFor()));
  return seen;
}

describe(`per-address limits behind a proxy (${databaseKind})`, () => {
  describe('TRUST_PROXY=1 (one proxy in front)', () => {
    let t: TestApp;
    beforeAll(async () => { t = await createTestApp({ env: { TRUST_PROXY: '1' } }); });
    afterAll(async () => { await t.close(); });

    it('count the address the proxy saw, not the ones a client wrote before it', async () => {
      // The proxy appends the real client (203.0.113.9); the client forges a new address in front each time.
      const seen = await statuses(t, '10.0.0.2', () => `${randomAddress()}, 203.0.113.9`);
      expect(seen.slice(0, LOGIN_LIMIT_PER_IP.max).every((s) => s === 400)).toBe(true);
      expect(seen.at(-1)).toBe(429);
    });

    it('keep apart clients that the proxy tells apart', async () => {
      expect(await login(t, '10.0.0.2', `${randomAddress()}, 203.0.113.10`)).toBe(400);
    });
  });

  describe('TRUST_PROXY=<addresses> (known proxies)', () => {
    let t: TestApp;
    beforeAll(async () => { t = await createTestApp({ env: { TRUST_PROXY: '10.0.0.0/8' } }); });
    afterAll(async () => { await t.close(); });

    it('ignore X-Forwarded-For from a peer that is not one of them', async () => {
      const seen = await statuses(t, '198.51.100.7', randomAddress);
      expect(seen.at(-1)).toBe(429);
    });

    it('take the client from a listed proxy, past every trusted hop', async () => {
      const seen = await statuses(t, '10.1.2.3', () => `${randomAddress()}, 203.0.113.20, 10.9.9.9`);
      expect(seen.at(-1)).toBe(429);
      // Another client behind the same proxies has a budget of its own.
      expect(await login(t, '10.1.2.3', '203.0.113.21, 10.9.9.9')).toBe(400);
    });
  });
});
