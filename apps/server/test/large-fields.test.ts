import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, signUp } from './helpers/agent.js';
import { postPhoto } from './helpers/media.js';
import { listOperations, type Operation } from './helpers/openapi.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

/**
 * Every operation of the OpenAPI document, sent very long strings in every field (200 KB, and the
 * longest a body cap lets through) over a real socket, as a visitor and as a member: each answer
 * comes within 5 seconds and none is a 5xx. A validator whose cost grows faster than its input, or
 * that works on a string before checking its length, fails here (a 100,000-character emoji once
 * took the whole process down).
 */
const DEADLINE_MS = 5000;
const SIZES = [200_000, 48_000, 4_000];
// Query strings travel in the request line, which the HTTP server caps at 16 KiB with the headers.
const QUERY_SIZE = 1_500;
/** Strings that make validators and text handling work: plain, astral, combining, tags, mentions, digits. */
const PATTERNS: ((n: number) => string)[] = [
  (n) => 'a'.repeat(n),
  (n) => '😀'.repeat(n / 2),
  (n) => 'e\u0301'.repeat(n / 2),
  (n) => '#tag '.repeat(n / 5),
  (n) => '@alice '.repeat(n / 7),
  (n) => '1'.repeat(n),
  (n) => 'https://x.example/'.padEnd(n, 'a'),
  (n) => '👨‍👩‍👧‍👦'.repeat(n / 11),
];

interface Caller {
  role: 'visitor' | 'member';
  cookies: Map<string, string>;
}

let t: TestApp;
let base: string;
let operations: Operation[];
let ids: Record<string, string>;
let member: Caller;
let visitor: Caller;
let address = 0;

function cookieHeader(c: Caller) {
  return [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** A visitor's cookies, as the first page gives them. */
async function visit(): Promise<Caller> {
  const res = await fetch(`${base}/data/shared_data/`);
  const cookies = new Map<string, string>();
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair.indexOf('=');
    cookies.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return { role: 'visitor', cookies };
}

async function join(): Promise<Caller> {
  const agent = new Agent(t.app);
  await signUp(agent);
  return { role: 'member', cookies: agent.cookies };
}

beforeAll(async () => {
  // Each request comes from an address of its own (through the trusted loopback proxy), so that
  // per-address limits do not stand between the fields and their handlers.
  t = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  operations = await listOperations(t.app);
  const owner = new Agent(t.app);
  const ownerUser = await signUp(owner);
  const media = await postPhoto(owner, 'long fields #tag');
  ids = { id: ownerUser.id, user_id: ownerUser.id, media_id: media.id };
  member = await join();
  visitor = await visit();
}, 60_000);
afterAll(async () => { await t.close(); });

function urlOf(op: Operation, pattern: (n: number) => string): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => ids[name] ?? ids.media_id);
  const query = new URLSearchParams(op.queryParams.map((q) => [q, pattern(QUERY_SIZE)])).toString();
  return query ? `${path}?${query}` : path;
}

function bodyOf(op: Operation, encoding: 'json' | 'form' | 'multipart', value: string): { type: string; body: string } {
  const fields = op.bodyFields.length ? op.bodyFields : ['text'];
  if (encoding === 'json') return { type: 'application/json', body: JSON.stringify(Object.fromEntries(fields.map((f) => [f, value]))) };
  if (encoding === 'form') return { type: 'application/x-www-form-urlencoded', body: new URLSearchParams(fields.map((f) => [f, value])).toString() };
  const boundary = 'longFieldsBoundary';
  const parts = fields.map((f) => `--${boundary}\r\nContent-Disposition: form-data; name="${f}"\r\n\r\n${value}\r\n`);
  return { type: `multipart/form-data; boundary=${boundary}`, body: `${parts.join('')}--${boundary}--\r\n` };
}

async function send(op: Operation, caller: Caller, url: string, body?: { type: string; body: string }) {
  address += 1;
  const headers: Record<string, string> = {
    cookie: cookieHeader(caller),
    'x-forwarded-for': `100.${64 + (address >> 16) % 60}.${(address >> 8) % 256}.${address % 256}`,
  };
  if (op.method === 'POST') headers['x-csrftoken'] = caller.cookies.get('csrftoken') ?? '';
  if (body) headers['content-type'] = body.type;
  const started = Date.now();
  const what = `${op.method} ${op.path} as a ${caller.role}${body ? ` (${body.type.split(';')[0]}, ${body.body.length} characters)` : ''}`;
  const res = await fetch(`${base}${url}`, {
    method: op.method, headers, body: op.method === 'POST' ? body?.body : undefined, signal: AbortSignal.timeout(DEADLINE_MS + 1000),
  }).catch((err: Error) => { throw new Error(`${what}: no answer (${err.message})`); });
  const text = await res.text();
  const ms = Date.now() - started;
  expect(res.status, `${what}: ${text.slice(0, 200)}`).toBeLessThan(500);
  expect(ms, `${what}: answered in ${ms} ms`).toBeLessThan(DEADLINE_MS);
}

describe(`every operation takes 200 KB in every field without harm (${databaseKind})`, () => {
  it('sends each operation long strings as a visitor and as a member', async () => {
    let sent = 0;
    for (const [index, op] of operations.entries()) {
      for (const caller of [visitor, member]) {
        for (const [k, size] of SIZES.entries()) {
          const pattern = PATTERNS[(index + k) % PATTERNS.length];
          const url = urlOf(op, pattern);
          if (op.method === 'GET') {
            await send(op, caller, url);
            sent += 1;
            continue;
          }
          for (const encoding of op.multipart ? ['multipart', 'json'] as const : ['json', 'form'] as const) {
            await send(op, caller, url, bodyOf(op, encoding, pattern(size)));
            sent += 1;
          }
        }
      }
      // An operation that ended the member's session (a logout) is followed by a new member.
      const shared = await (await fetch(`${base}/data/shared_data/`, { headers: { cookie: cookieHeader(member) } })).json() as { config: { viewer: unknown } };
      if (shared.config.viewer === null) member = await join();
    }
    expect(sent).toBeGreaterThan(operations.length * 6);
    // And the service is still there for everyone.
    expect((await fetch(`${base}/data/shared_data/`)).status).toBe(200);
  }, 900_000);
});
