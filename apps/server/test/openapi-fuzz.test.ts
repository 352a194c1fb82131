import net, { type AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, signUp } from './helpers/agent.js';
import { makeJpeg, postPhoto } from './helpers/media.js';
import { listOperations, type Operation } from './helpers/openapi.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

/**
 * Every operation of the OpenAPI document, sent malformed paths, queries, headers and bodies (JSON,
 * forms, raw bytes, multipart) logged in and out: no answer may be a 500 or take over 5 seconds.
 * FUZZ_RUNS (requests per operation) and FUZZ_SEED make a longer or a repeated run:
 *   FUZZ_RUNS=2000 npx vitest run apps/server/test/openapi-fuzz.test.ts
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const DEADLINE_MS = 5000;

interface FuzzRequest {
  url: string;
  method: 'GET' | 'POST' | 'HEAD';
  headers: Record<string, string>;
  payload?: string | Buffer;
  loggedIn: boolean;
}

let t: TestApp;
let port: number;
let operations: Operation[];
let viewer: Agent;
/** A logged-out visitor's csrftoken, as the service issued it. */
let visitorToken: string;
let known: { userId: string; mediaId: string; commentId: string; uploadId: string };
let jpeg: Buffer;

/** A logged-in viewer: a new account each time one is needed (logins would meet the limit per account). */
async function freshViewer(): Promise<Agent> {
  const agent = new Agent(t.app);
  await signUp(agent);
  return agent;
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  operations = await listOperations(t.app);
  const owner = new Agent(t.app);
  const ownerUser = await signUp(owner);
  const media = await postPhoto(owner, 'fuzz me #tag @nobody');
  const comment = (await owner.post(`/web/comments/${media.id}/add/`, { comment_text: 'first' })).body.comment;
  viewer = await freshViewer();
  const visitor = new Agent(t.app);
  await visitor.get('/data/shared_data/');
  visitorToken = visitor.cookies.get('csrftoken')!;
  known = { userId: ownerUser.id, mediaId: media.id, commentId: comment.id, uploadId: 'fuzz-upload' };
  jpeg = await makeJpeg(40, 30);
}, 60_000);
afterAll(async () => { await t.close(); });

// ---- what goes into a request ----------------------------------------------------------------

const junkText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom('', ' ', '0', '-1', '1e309', 'NaN', 'null', 'true', '[]', '{}', '..', '../..', '%00', '%', '%E0%A4%A', '\u0000', '\u2028', '<script>', "' or 1=1 --", '__proto__', 'constructor'),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
  fc.nat({ max: 64 }).map((n) => 'x'.repeat(n * 500)),
);
const pathValue = (name: string) => fc.oneof(
  { arbitrary: junkText, weight: 3 },
  { arbitrary: fc.constant(name === 'id' ? known.userId : name === 'comment_id' ? known.commentId : name === 'upload_id' ? known.uploadId : known.mediaId), weight: 2 },
  { arbitrary: fc.constantFrom('9223372036854775807', '9223372036854775808', '18446744073709551616', '000000000000000000001'), weight: 1 },
);
const jsonish = fc.oneof(junkText, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(junkText, { maxLength: 3 }), fc.dictionary(junkText, junkText, { maxKeys: 3 }));

function bodyOf(op: Operation) {
  const fields = op.bodyFields.length ? op.bodyFields : ['x'];
  const shaped = fc.record(Object.fromEntries(fields.map((f) => [f, jsonish])), { requiredKeys: [] });
  const withProto = shaped.map((b) => JSON.stringify(b).replace(/^\{/, '{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}},'));
  const deep = fc.nat({ max: 5000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`);
  const boundary = 'fuzzBoundary';
  const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const multipart = fc.record({
    fields: fc.array(fc.tuple(fc.constantFrom('upload_id', 'caption', 'photo', 'video', 'profile_pic', 'x', '__proto__'), junkText), { maxLength: 14 }),
    file: fc.option(fc.tuple(fc.constantFrom('photo', 'video', 'profile_pic', 'file'), fc.oneof(fc.uint8Array({ maxLength: 300 }).map((a): Buffer => Buffer.from(a)), fc.constant(jpeg as Buffer))), { nil: undefined }),
    end: fc.constantFrom('closed', 'open', 'cut'),
    contentType: fc.constantFrom(`multipart/form-data; boundary=${boundary}`, 'multipart/form-data', 'multipart/form-data; boundary=', `multipart/form-data; boundary=other`, `multipart/mixed; boundary=${boundary}`),
  }).map(({ fields: fs, file, end, contentType }) => {
    const chunks = fs.map(([n, v]) => Buffer.from(part(n, v)));
    if (file) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file[0]}"; filename="f.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`), Buffer.from(file[1]), Buffer.from('\r\n'));
    if (end === 'closed') chunks.push(Buffer.from(`--${boundary}--\r\n`));
    let payload = Buffer.concat(chunks);
    if (end === 'cut') payload = payload.subarray(0, Math.floor(payload.length / 2));
    return { contentType, payload: payload as string | Buffer };
  });
  return fc.oneof(
    fc.constant({ contentType: undefined as string | undefined, payload: undefined as string | Buffer | undefined }),
    shaped.map((b) => ({ contentType: 'application/json', payload: JSON.stringify(b) as string | Buffer })),
    withProto.map((payload) => ({ contentType: 'application/json', payload: payload as string | Buffer })),
    fc.jsonValue({ maxDepth: 4 }).map((v) => ({ contentType: 'application/json', payload: JSON.stringify(v) as string | Buffer })),
    deep.map((payload) => ({ contentType: 'application/json', payload: payload as string | Buffer })),
    fc.dictionary(fc.oneof(fc.constantFrom(...fields), junkText), junkText, { maxKeys: 5 }).map((d) => ({ contentType: 'application/x-www-form-urlencoded', payload: new URLSearchParams(d).toString() as string | Buffer })),
    fc.tuple(fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'application/octet-stream', 'application/json; charset=utf-16', 'application/xml', 'image/jpeg', ''), fc.uint8Array({ maxLength: 200 })).map(([contentType, a]) => ({ contentType, payload: Buffer.from(a) as string | Buffer })),
    multipart,
  );
}

function requestOf(op: Operation): fc.Arbitrary<FuzzRequest> {
  const path = fc.tuple(...op.pathParams.map((p) => pathValue(p).map((v) => [p, v] as const))).map((pairs) => {
    let url = op.path;
    for (const [name, value] of pairs) url = url.replace(`{${name}}`, encodeURIComponent(value));
    return url;
  });
  const query = fc.dictionary(fc.oneof(fc.constantFrom(...op.queryParams, '__a', 'query_hash', 'variables'), junkText), junkText, { maxKeys: 4 })
    .map((q) => (Object.keys(q).length ? `?${new URLSearchParams(q).toString()}` : ''));
  const headers = fc.record({
    'accept-encoding': fc.constantFrom('gzip', 'br, deflate', 'identity', '*', ''),
    range: fc.constantFrom('bytes=0-1', 'bytes=-5', 'bytes=99999999-', 'bytes=x', ''),
    'if-none-match': fc.constantFrom('*', '"abc"', 'W/"x"', ''),
    'x-forwarded-for': fc.constantFrom('1.2.3.4', '::1', 'not-an-ip', ''),
  }, { requiredKeys: [] });
  return fc.record({
    // Mostly a viewer with a valid CSRF token, or nearly everything would stop at 401 or 403.
    path, query, headers, body: bodyOf(op), loggedIn: fc.constantFrom(true, true, false), csrf: fc.constantFrom('valid', 'valid', 'valid', 'missing', 'wrong'),
    method: fc.constantFrom(op.method, op.method, op.method, op.method === 'GET' ? 'HEAD' as const : 'GET' as const),
  }).map(({ path: p, query: q, headers: h, body, loggedIn, csrf, method }) => {
    const all: Record<string, string> = Object.fromEntries(Object.entries(h).filter(([, v]) => v !== ''));
    if (body.contentType) all['content-type'] = body.contentType;
    return { url: `${p}${q}`, method, headers: all, payload: method === 'POST' ? body.payload : undefined, loggedIn, csrf } as FuzzRequest & { csrf: string };
  });
}

// ---- sending and judging -----------------------------------------------------------------------

function describeRequest(req: FuzzRequest): string {
  const body = req.payload === undefined ? '' : Buffer.from(req.payload).subarray(0, 300).toString('latin1');
  return `${req.method} ${req.url.slice(0, 300)}\nheaders: ${JSON.stringify(req.headers)}\nlogged in: ${req.loggedIn}\nbody: ${JSON.stringify(body)}\nseed: FUZZ_SEED=${SEED}`;
}

function withDeadline<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const late = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`no answer within ${DEADLINE_MS} ms:\n${what}`)), DEADLINE_MS); });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

let addressCounter = 0;
async function send(req: FuzzRequest & { csrf?: string }) {
  const headers: Record<string, string> = { ...req.headers };
  const jar = req.loggedIn ? viewer.cookies : new Map([['csrftoken', visitorToken]]);
  headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  if (req.csrf === 'valid') headers['x-csrftoken'] = jar.get('csrftoken') ?? '';
  if (req.csrf === 'wrong') headers['x-csrftoken'] = 'W'.repeat(32);
  addressCounter += 1;
  const res = await withDeadline(t.app.inject({
    method: req.method, url: req.url, headers, payload: req.payload,
    // Each request from its own address, so that per-address limits do not hide the handlers.
    remoteAddress: `100.${64 + (addressCounter % 60)}.${(addressCounter >> 8) % 256}.${addressCounter % 256}`,
  }), describeRequest(req));
  // A request that ended the viewer's session (logout, a session ended) is followed by a new login.
  if (req.loggedIn && (await t.app.inject({ method: 'GET', url: '/data/shared_data/', headers: { cookie: headers.cookie } })).json().config.viewer === null) viewer = await freshViewer();
  return res;
}

function judge(req: FuzzRequest, res: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  const where = `${res.statusCode} ${res.body.slice(0, 300)}\nfor\n${describeRequest(req)}`;
  expect(res.statusCode, where).toBeLessThan(500);
  const isJson = String(res.headers['content-type'] ?? '').startsWith('application/json');
  if (res.statusCode >= 400 && isJson && req.method !== 'HEAD') {
    const body = JSON.parse(res.body) as { status?: string; message?: unknown };
    expect(body.status, where).toBe('fail');
    expect(typeof body.message === 'string' && body.message.length > 0, where).toBe(true);
  }
}

/** A body that stops before its Content-Length: only a real socket can send one. */
function sendTruncated(op: Operation, body: Buffer, declared: number, halfClose: boolean): Promise<{ status: number; ms: number }> {
  const started = Date.now();
  const url = op.path.replace(/\{[^}]+\}/g, known.mediaId);
  const cookie = [...viewer.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return new Promise((resolve) => {
    let text = '';
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nX-CSRFToken: ${viewer.cookies.get('csrftoken')}\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: ${declared}\r\n\r\n`);
      socket.write(body);
      if (halfClose) socket.end();
    });
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), ms: Date.now() - started });
    };
    const timer = setTimeout(done, DEADLINE_MS);
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => {
      text += d;
      if (/\r\n\r\n/.test(text)) done();
    });
    socket.on('end', done).on('error', done);
  });
}

describe(`every API operation answers malformed requests with a 4xx, at once (${databaseKind})`, () => {
  it('the document lists the API', () => {
    expect(operations.length).toBeGreaterThanOrEqual(40);
    expect(operations.filter((o) => o.method === 'POST').length).toBeGreaterThanOrEqual(30);
  });

  it(`${RUNS} generated requests per operation, none a 500 or unanswered`, async () => {
    const exercised = new Set<string>();
    for (const [index, op] of operations.entries()) {
      await fc.assert(fc.asyncProperty(requestOf(op), async (req) => {
        judge(req, await send(req));
        exercised.add(`${op.method} ${op.path}`);
      }), { numRuns: RUNS, seed: SEED + index, endOnFailure: true });
    }
    expect(exercised.size).toBe(operations.length);
  }, 600_000);

  it('bodies cut short on the wire: each POST answers, or hangs up, within 5 seconds', async () => {
    const part = Buffer.from('--b\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nabc');
    for (const op of operations.filter((o) => o.method === 'POST')) {
      // (A logout among the operations ends the session the next one needs.)
      viewer = await freshViewer();
      const truncated = await sendTruncated(op, part, 10_000, true);
      expect(truncated.ms, `${op.path}: truncated`).toBeLessThan(DEADLINE_MS);
      expect(truncated.status, `${op.path}: truncated`).not.toBeGreaterThanOrEqual(500);
      // Whole by its length but with no closing boundary: routes that read the body say 400, the others answer as usual.
      const early = await sendTruncated(op, part, part.length, false);
      expect(early.ms, `${op.path}: early end`).toBeLessThan(DEADLINE_MS);
      expect(early.status, `${op.path}: early end`).toBeGreaterThanOrEqual(200);
      expect(early.status, `${op.path}: early end`).toBeLessThan(500);
      if (/upload\/(photo|video)|change_profile_picture/.test(op.path)) expect(early.status, `${op.path}: early end`).toBe(400);
    }
  }, 300_000);
});
