/**
 * Delivery of direct messages across two service instances sharing PostgreSQL and Redis, as a
 * deployment runs them: people connected to instance A send text messages into their threads, and
 * the other member, connected to instance B (MQTT over WebSocket, through Redis), is told of each.
 * Two parts:
 *
 * - latency: one receiver on B, `--messages` messages sent through A at `--rate` a second; p50, p99
 *   and max from the send to the receipt of the item (one process, one clock), and to the sender's
 *   answer (the message stored).
 * - drill: `--receivers` people on A and B, messages sent to them while their connections are
 *   dropped and restored at random; afterwards each thread is read back over HTTP
 *   (GET /direct_v2/web/threads/{id}/, every page) and every message answered `ok` must be in it
 *   exactly once. Live, per receiver: received, received twice, and of what was not: gaps (a later
 *   message of the same sender came on the same connection: a loss), messages cut off by a drop (in
 *   flight when it closed) and messages sent while away. The last two are expected: a client that
 *   reconnects reloads its inbox.
 *
 * `--via channel` (the default) sends as the web client does: senders connected to A publish
 * `send_item` on /ig_send_message into a thread with their receiver (they follow each other, so it
 * is no request), and the direct area stores the message, answers, and tells the thread's members.
 * The area allows an account DIRECT_SEND_LIMIT sends; the senders are as many as the rate needs to
 * stay within it. `--via publisher` skips the direct area: it publishes item events through A's
 * SyncPublisher, the broker's part alone. With `--via channel`, `--compare N` (default 1000, 0 for
 * none) also measures N events through the publisher at the same rate, for a ratio in one run.
 *
 *   node --import tsx bench/realtime-delivery.ts [--via channel|publisher] [--messages 10000]
 *     [--drill-messages 10000] [--rate 60] [--receivers 4] [--senders auto] [--compare 1000]
 *
 * DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) gets a schema of its own, dropped
 * at the end; REDIS_URL (default redis://127.0.0.1:6379) a prefix of its own. Without either the
 * benchmark says so and exits.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import pg from 'pg';
import {
  DIRECT_SEND_LIMIT, DIRECT_THREAD_PAGE_MAX, directPaths, MQTT_PATH, TOPIC_MESSAGE_SYNC, TOPIC_SEND_MESSAGE, TOPIC_SEND_MESSAGE_RESPONSE,
  type SendItemRequest, type SendItemResponse, type SyncEvent,
} from '@shutter/contract';
import type { DirectThreadResult } from '@shutter/contract/results';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../apps/server/src/db/database.js';
import { createIdGenerator } from '../apps/server/src/platform/ids.js';
import { startQueue, type Queue } from '../apps/server/src/platform/queue.js';
import { connectRedis, type Redis } from '../apps/server/src/platform/redis.js';
import { createLocalStorage } from '../apps/server/src/platform/storage.js';
import { flag, fmt } from './lib.js';

const VIA = flag('via', 'channel');
if (VIA !== 'publisher' && VIA !== 'channel') throw new Error('--via is publisher or channel');
const MESSAGES = flag('messages', 10_000);
const DRILL_MESSAGES = flag('drill-messages', 10_000);
const RATE = flag('rate', VIA === 'channel' ? 60 : 1000);
const RECEIVERS = flag('receivers', 4);
const COMPARE = VIA === 'channel' ? flag('compare', 1000) : 0;
/** A sender's pace: four fifths of the area's limit, so that no window of the limit fills up. */
const SENDER_RATE = (0.8 * DIRECT_SEND_LIMIT.max) / (DIRECT_SEND_LIMIT.windowMs / 1000);
const SENDERS = VIA === 'channel' ? flag('senders', Math.ceil(RATE / SENDER_RATE)) : 0;
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
if (VIA === 'channel' && RATE / SENDERS > SENDER_RATE) {
  console.log(`realtime-delivery: ${SENDERS} senders at ${RATE}/s exceed the send limit; expect 'fail' answers`);
}

// ---- the world: two instances, one database schema, one Redis prefix ----

async function reachable(): Promise<string | null> {
  const client = new pg.Client({ connectionString: DATABASE_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (err) {
    return `PostgreSQL at ${DATABASE_URL}: ${(err as Error).message}`;
  } finally {
    await client.end().catch(() => undefined);
  }
  const redis = connectRedis(REDIS_URL);
  redis.on('error', () => undefined);
  try {
    await redis.ping();
    return null;
  } catch (err) {
    return `Redis at ${REDIS_URL}: ${(err as Error).message}`;
  } finally {
    redis.disconnect();
  }
}

const missing = await reachable();
if (missing) {
  console.log(`realtime-delivery: skipped, it needs PostgreSQL and Redis (${missing}). Set DATABASE_URL and REDIS_URL.`);
  process.exit(0);
}

const suffix = randomBytes(5).toString('hex');
const schema = `bench_rt_${suffix}`;
const prefix = `bench-rt-${suffix}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shutter-bench-rt-'));

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try { await client.query(sql); } finally { await client.end(); }
}

interface Instance { app: FastifyInstance; origin: string; database: DatabaseHandle; redis: Redis }

async function startInstance(queue: Queue, shard: number): Promise<Instance> {
  const database = await openDatabase({ url: DATABASE_URL, schema });
  const redis = connectRedis(REDIS_URL);
  const config = { ...loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir }), webDist: path.join(dataDir, 'no-web-build') };
  const app = await buildApp({
    config, db: database.db, nextId: createIdGenerator(shard), storage: createLocalStorage(path.join(dataDir, 'media')),
    queue, runWorkers: false, redis, redisPrefix: prefix, logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { app, origin, database, redis };
}

interface Member { id: string; cookie: string; csrf: string }

let signups = 0;
async function signUp(app: FastifyInstance): Promise<Member> {
  const n = ++signups;
  // Each member from an address of its own: the per-address signup limit is not what is measured.
  const remoteAddress = `198.18.${(n >> 8) & 255}.${(n & 255) || 1}`;
  const shared = await app.inject({ method: 'GET', url: '/data/shared_data/', remoteAddress });
  const csrf = shared.cookies.find((c) => c.name === 'csrftoken')!.value;
  const username = `rt${suffix}_${n}`;
  const res = await app.inject({
    method: 'POST', url: '/accounts/web_create_ajax/', remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-csrftoken': csrf, cookie: `csrftoken=${csrf}` },
    payload: new URLSearchParams({ email: `${username}@example.org`, username, password: 'correct horse battery', first_name: 'Bench Member' }).toString(),
  });
  const session = res.cookies.find((c) => c.name === 'sessionid')?.value;
  // The signup renews the csrftoken for the new session: the member's posts carry that one.
  const token = res.cookies.find((c) => c.name === 'csrftoken')?.value;
  if (res.statusCode !== 200 || !session || !token) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  return { id: (res.json() as { user_id: string }).user_id, cookie: `csrftoken=${token}; sessionid=${session}`, csrf: token };
}

/** Signs up `count` members a few at a time (each signup hashes a password). */
async function signUpMany(app: FastifyInstance, count: number): Promise<Member[]> {
  const out: Member[] = [];
  while (out.length < count) out.push(...await Promise.all(Array.from({ length: Math.min(8, count - out.length) }, () => signUp(app))));
  return out;
}

const followIds = createIdGenerator(103);

/**
 * The one-to-one thread of `from` and `to`, who follow each other first (in the database, as the
 * demo world does) so that it is not a message request.
 */
async function threadBetween(app: FastifyInstance, db: DatabaseHandle['db'], from: Member, to: Member): Promise<string> {
  await db.insertInto('follows').values([
    { id: followIds(), follower_id: from.id, followee_id: to.id },
    { id: followIds(), follower_id: to.id, followee_id: from.id },
  ]).onConflict((oc) => oc.doNothing()).execute();
  const res = await app.inject({
    method: 'POST', url: '/direct_v2/web/create_group_thread/',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-csrftoken': from.csrf, cookie: from.cookie },
    payload: new URLSearchParams({ recipient_users: JSON.stringify([to.id]) }).toString(),
  });
  if (res.statusCode !== 200) throw new Error(`thread not created: ${res.statusCode} ${res.body}`);
  return (res.json() as { thread_id: string }).thread_id;
}

function connect(instance: Instance, member: Member): Promise<MqttClient> {
  return mqtt.connectAsync(`${instance.origin.replace(/^http/, 'ws')}${MQTT_PATH}`, {
    protocolVersion: 4, clean: true, reconnectPeriod: 0, connectTimeout: 5000,
    wsOptions: { headers: { cookie: member.cookie, origin: instance.origin } },
  });
}

/** Every text in a thread as `viewer` reads it over HTTP, page after page to the oldest. */
async function readThread(app: FastifyInstance, viewer: Member, threadId: string): Promise<string[]> {
  const texts: string[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ limit: String(DIRECT_THREAD_PAGE_MAX), ...(cursor ? { cursor } : {}) });
    const res = await app.inject({ method: 'GET', url: `/direct_v2/web/threads/${threadId}/?${query}`, headers: { cookie: viewer.cookie } });
    if (res.statusCode !== 200) throw new Error(`thread read failed: ${res.statusCode} ${res.body}`);
    const { thread } = res.json() as { thread: DirectThreadResult };
    for (const item of thread.items) if (typeof item.text === 'string') texts.push(item.text);
    cursor = thread.has_older ? thread.oldest_cursor : null;
  } while (cursor);
  return texts;
}

// ---- sending ----

/** A message's text: the part it belongs to and its number, so a receipt and a readback name it. */
const textOf = (part: string, n: number) => `${part} ${n}`;
const numberIn = (part: string, text: unknown) => {
  if (typeof text !== 'string' || !text.startsWith(`${part} `)) return null;
  const n = Number(text.slice(part.length + 1));
  return Number.isInteger(n) ? n : null;
};

/** Message n's event as the direct area publishes a new item, for the publisher alone. */
const itemEvent = (part: string, n: number): SyncEvent => ({
  event: 'patch', seq_id: n, data: [{ op: 'add', path: directPaths.item('bench', String(n)), value: { item_type: 'text', text: textOf(part, n) } }],
});

/** n of the part's message whose item an event adds, if it does. */
function messageNumber(part: string, event: SyncEvent): number | null {
  if (event.event !== 'patch') return null;
  const op = event.data.find((o) => o.op === 'add' && o.path.includes('/items/'));
  return numberIn(part, (op?.value as { text?: unknown } | undefined)?.text);
}

/** What came back for each message of a part: 0 nothing yet, 1 ok, 2 fail, and when. */
interface Answers { status: Uint8Array; at: Float64Array; failCodes: Map<string, number> }
const answersOf = (count: number): Answers => ({ status: new Uint8Array(count + 1), at: new Float64Array(count + 1), failCodes: new Map() });

/** Sender connections on A; each sends one message at a time and hears its answers. */
interface Senders {
  send(part: string, n: number, threadId: string): void;
  expect(part: string, answers: Answers): void;
  close(): Promise<void>;
}

async function connectSenders(a: Instance, members: Member[]): Promise<Senders & { clients: MqttClient[] }> {
  const parts = new Map<string, Answers>();
  const clients = await Promise.all(members.map(async (m) => {
    const client = await connect(a, m);
    client.on('message', (topic, payload) => {
      if (topic !== TOPIC_SEND_MESSAGE_RESPONSE) return;
      const at = performance.now();
      const answer = JSON.parse(payload.toString()) as SendItemResponse;
      const match = /^bench-(\w+)-(\d+)$/.exec(answer.client_context);
      const answers = match ? parts.get(match[1]!) : undefined;
      if (!answers) return;
      const n = Number(match![2]);
      answers.status[n] = answer.status === 'ok' ? 1 : 2;
      answers.at[n] = at;
      if (answer.status === 'fail') answers.failCodes.set(answer.code ?? answer.message, (answers.failCodes.get(answer.code ?? answer.message) ?? 0) + 1);
    });
    await client.subscribeAsync(TOPIC_SEND_MESSAGE_RESPONSE, { qos: 1 });
    return client;
  }));
  return {
    clients,
    send(part, n, threadId) {
      const request: SendItemRequest = { action: 'send_item', thread_id: threadId, item_type: 'text', text: textOf(part, n), client_context: `bench-${part}-${n}` };
      clients[n % clients.length]!.publish(TOPIC_SEND_MESSAGE, JSON.stringify(request), { qos: 1 });
    },
    expect(part, answers) { parts.set(part, answers); },
    close: async () => { await Promise.all(clients.map((c) => c.endAsync(true))); },
  };
}

/** Sends 1..count at `rate` a second (in 10 ms ticks); `sentAt[n]` is when message n left. */
async function paced(count: number, rate: number, send: (n: number) => void, sentAt: Float64Array, during?: () => void) {
  const perTick = Math.max(1, Math.round(rate / 100));
  const start = performance.now();
  for (let n = 1; n <= count;) {
    const due = Math.min(count, Math.floor(((performance.now() - start) / 1000) * rate) + perTick);
    for (; n <= due; n++) {
      sentAt[n] = performance.now();
      send(n);
    }
    during?.();
    await new Promise((r) => setTimeout(r, 10));
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const spread = (xs: number[]) => {
  const sorted = [...xs].sort((x, y) => x - y);
  return `p50 ${fmt(percentile(sorted, 50), 2)} ms   p99 ${fmt(percentile(sorted, 99), 2)} ms   max ${fmt(sorted.at(-1) ?? NaN, 2)} ms`;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const answeredAll = (answers: Answers | null, count: number) => !answers || answers.status.subarray(1, count + 1).every((s) => s !== 0);

/** Per message: answered ok / fail / not at all, and how often its thread holds it. */
function readback(count: number, answers: Answers, held: Uint16Array) {
  let ok = 0; let fail = 0; let unanswered = 0; let inThread = 0; let lost = 0; let doubled = 0; let failedButHeld = 0;
  for (let n = 1; n <= count; n++) {
    const status = answers.status[n];
    if (status === 1) ok++; else if (status === 2) fail++; else unanswered++;
    if (held[n]) inThread++;
    if (status === 1 && held[n] === 0) lost++;
    if (held[n]! > 1) doubled++;
    if (status === 2 && held[n]) failedButHeld++;
  }
  const codes = [...answers.failCodes].map(([code, k]) => `${code} ${k}`).join(', ');
  console.log(`  sent ${count}, answered ok ${ok}, fail ${fail}${codes ? ` (${codes})` : ''}, unanswered ${unanswered}`);
  console.log(`  thread readback: in threads ${inThread}, missing ${lost}, doubled ${doubled}, stored though answered fail ${failedButHeld}`
    + ` -> ${lost || doubled || failedButHeld || unanswered ? 'NOT CLEAN' : 'every ok message exactly once'}`);
}

// ---- the run ----

await admin('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
await admin('CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public');
await admin(`CREATE SCHEMA ${schema}`);
const setup = await openDatabase({ url: DATABASE_URL, schema, poolSize: 1 });
await migrateToLatest(setup.db, schema);
await setup.close();
const queue = await startQueue({ connectionString: DATABASE_URL, schema: `pgboss_${suffix}` });
const a = await startInstance(queue, 101);
const b = await startInstance(queue, 102);

try {
  const t0 = performance.now();
  console.log(`realtime-delivery: two instances on PostgreSQL (schema ${schema}) and Redis (prefix ${prefix}), via ${VIA}`
    + (VIA === 'channel' ? `, ${SENDERS} senders at ${fmt(RATE / SENDERS, 2)}/s each (limit ${DIRECT_SEND_LIMIT.max} per ${DIRECT_SEND_LIMIT.windowMs / 1000} s)` : ''));
  const [receiver, compareReceiver, ...drillMembers] = await signUpMany(a.app, 2 + RECEIVERS);
  const senderMembers = await signUpMany(a.app, SENDERS);
  // Sender s writes to the latency receiver in latencyThreads[s], and to drill receiver s % RECEIVERS in drillThreads[s].
  const latencyThreads: string[] = [];
  const drillThreads: string[] = [];
  for (const [s, m] of senderMembers.entries()) {
    latencyThreads.push(await threadBetween(a.app, a.database.db, m, receiver!));
    drillThreads.push(await threadBetween(a.app, a.database.db, m, drillMembers[s % RECEIVERS]!));
  }
  const senders = VIA === 'channel' ? await connectSenders(a, senderMembers) : null;
  console.log(`  set up in ${fmt((performance.now() - t0) / 1000, 1)} s (${2 + RECEIVERS + SENDERS} accounts, ${2 * SENDERS} threads)`);
  /** Order holds per sending connection: each sender's messages, or all of the publisher's. */
  const streams = VIA === 'channel' ? SENDERS : 1;

  // Latency: A -> (the direct area: stored, then published) -> Redis -> B -> the receiver's WebSocket.
  async function latency(label: string, part: string, count: number, to: Member, send: (n: number) => void, answers: Answers | null, streamCount: number) {
    const client = await connect(b, to);
    await client.subscribeAsync(TOPIC_MESSAGE_SYNC, { qos: 1 });
    const sentAt = new Float64Array(count + 1);
    const latencies: number[] = [];
    const seen = new Uint8Array(count + 1);
    let duplicates = 0;
    const last = new Float64Array(streamCount);
    let outOfOrder = 0;
    client.on('message', (_topic, payload) => {
      const at = performance.now();
      const n = messageNumber(part, JSON.parse(payload.toString()) as SyncEvent);
      if (n === null || n > count) return;
      if (seen[n]) { duplicates++; return; }
      seen[n] = 1;
      if (n < last[n % streamCount]!) outOfOrder++;
      last[n % streamCount] = n;
      latencies.push(at - sentAt[n]!);
    });
    const started = performance.now();
    const cpu = process.cpuUsage();
    // A stall of this process (a busy machine, a collection) delays every message at once: told apart here.
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    await paced(count, RATE, send, sentAt);
    const deadline = performance.now() + 30_000;
    while ((latencies.length < count || !answeredAll(answers, count)) && performance.now() < deadline) await sleep(20);
    const seconds = (performance.now() - started) / 1000;
    const { user, system } = process.cpuUsage(cpu);
    loop.disable();
    await client.endAsync(true);
    console.log(`\nlatency ${label}, ${count} messages at ${RATE}/s through A, received on B (${fmt(seconds, 1)} s):`);
    console.log(`  received ${latencies.length}/${count}, duplicates ${duplicates}, out of order ${outOfOrder} (within ${streamCount === 1 ? 'the publisher\'s sequence' : `each of ${streamCount} senders' sequences`})`);
    console.log(`  CPU of this process (both instances, senders and receiver): ${fmt((user + system) / 1000 / count, 3)} ms a message, ${fmt((user + system) / 1e4 / seconds, 0)} % of one core`);
    console.log(`  event loop delay of this process: p99 ${fmt(loop.percentile(99) / 1e6, 1)} ms, max ${fmt(loop.max / 1e6, 1)} ms`);
    console.log(`  send -> receipt on B:  ${spread(latencies)}   (aim: p99 <= 100 ms)`);
    if (answers) {
      const toAnswer: number[] = [];
      for (let n = 1; n <= count; n++) if (answers.status[n] === 1) toAnswer.push(answers.at[n]! - sentAt[n]!);
      console.log(`  send -> ok answer on A (stored): ${spread(toAnswer)}`);
    }
  }

  if (senders) {
    const answers = answersOf(MESSAGES);
    senders.expect('lat', answers);
    await latency('(channel: stored by the direct area)', 'lat', MESSAGES, receiver!, (n) => senders.send('lat', n, latencyThreads[n % SENDERS]!), answers, streams);
    const held = new Uint16Array(MESSAGES + 1);
    for (const threadId of latencyThreads) {
      for (const text of await readThread(a.app, receiver!, threadId)) {
        const n = numberIn('lat', text);
        if (n !== null && n <= MESSAGES) held[n]!++;
      }
    }
    readback(MESSAGES, answers, held);
    if (COMPARE > 0) {
      await latency('(publisher alone, for comparison)', 'pub', COMPARE, compareReceiver!, (n) => a.app.realtime.publisher.publish(compareReceiver!.id, itemEvent('pub', n)), null, 1);
    }
  } else {
    await latency('(publisher)', 'pub', MESSAGES, receiver!, (n) => a.app.realtime.publisher.publish(receiver!.id, itemEvent('pub', n)), null, 1);
  }

  // Drill: receivers on A and B dropped and restored at random while messages flow to them.
  {
    interface Receiver {
      member: Member; on: Instance; client: MqttClient | null; busy: boolean;
      /** Each connection's [from, to) in performance.now() time: from its SUBACK to the start of its drop. */
      windows: [number, number][];
      /** How often message n arrived. */
      got: Map<number, number>;
      /** Per connection, the highest message received of each sending stream. */
      highest: Float64Array[];
    }
    const sentAt = new Float64Array(DRILL_MESSAGES + 1);
    const drillLatencies: number[] = [];
    const receivers: Receiver[] = drillMembers.map((member, i) => ({ member, on: i % 2 ? a : b, client: null, busy: false, windows: [], got: new Map(), highest: [] }));
    const attach = async (r: Receiver) => {
      const client = await connect(r.on, r.member);
      const highest = new Float64Array(streams);
      r.highest.push(highest);
      client.on('message', (_topic, payload) => {
        const n = messageNumber('drill', JSON.parse(payload.toString()) as SyncEvent);
        if (n === null) return;
        if (!r.got.has(n) && n <= DRILL_MESSAGES) drillLatencies.push(performance.now() - sentAt[n]!);
        r.got.set(n, (r.got.get(n) ?? 0) + 1);
        highest[n % streams] = Math.max(highest[n % streams]!, n);
      });
      await client.subscribeAsync(TOPIC_MESSAGE_SYNC, { qos: 1 });
      r.windows.push([performance.now(), Infinity]);
      r.client = client;
    };
    const detach = async (r: Receiver) => {
      r.windows.at(-1)![1] = performance.now();
      const client = r.client!;
      r.client = null;
      await client.endAsync(true);
    };
    await Promise.all(receivers.map(attach));
    // Every ~50 ms one receiver, at random, is dropped for 50-500 ms, then restored.
    let lastChaos = 0;
    const chaos = () => {
      if (performance.now() - lastChaos < 50) return;
      lastChaos = performance.now();
      const r = receivers[Math.floor(Math.random() * receivers.length)]!;
      if (r.busy || !r.client) return;
      r.busy = true;
      void detach(r)
        .then(() => sleep(50 + Math.random() * 450))
        .then(() => attach(r))
        .finally(() => { r.busy = false; });
    };
    // Through the channel, message n goes from sender n % SENDERS into its thread with receiver (n % SENDERS) % RECEIVERS.
    const receiverIndex = (n: number) => (senders ? (n % SENDERS) % RECEIVERS : n % RECEIVERS);
    const to = (n: number) => receivers[receiverIndex(n)]!;
    const answers = senders ? answersOf(DRILL_MESSAGES) : null;
    if (senders) senders.expect('drill', answers!);
    const send = senders
      ? (n: number) => senders.send('drill', n, drillThreads[n % SENDERS]!)
      : (n: number) => a.app.realtime.publisher.publish(to(n).member.id, itemEvent('drill', n));
    const started = performance.now();
    await paced(DRILL_MESSAGES, RATE, send, sentAt, chaos);
    while (receivers.some((r) => r.busy)) await sleep(20);
    const deadline = performance.now() + 30_000;
    while (!answeredAll(answers, DRILL_MESSAGES) && performance.now() < deadline) await sleep(20);
    await sleep(2000);

    console.log(`\ndrill, ${DRILL_MESSAGES} messages at ${RATE}/s to ${RECEIVERS} receivers (half on A, half on B) dropped and restored at random (${fmt((performance.now() - started) / 1000, 1)} s):`);
    console.log('  receiver  on  connections  sent ok  received live  duplicates  gaps (lost)  cut by a drop  sent while away');
    let lost = 0; let doubled = 0; let live = 0; let cutTotal = 0; let awayTotal = 0;
    for (const [i, r] of receivers.entries()) {
      let sent = 0; let received = 0; let duplicates = 0; let gaps = 0; let cut = 0; let away = 0;
      for (let n = 1; n <= DRILL_MESSAGES; n++) {
        if (to(n) !== r) continue;
        // A message answered fail was never stored, so no one is told of it.
        if (answers && answers.status[n] !== 1) continue;
        sent++;
        const count = r.got.get(n) ?? 0;
        if (count) received++;
        if (count > 1) duplicates += count - 1;
        if (count) continue;
        const w = r.windows.findIndex(([from, until]) => sentAt[n]! >= from && sentAt[n]! < until);
        if (w < 0) away++;
        else if (r.highest[w]![n % streams]! > n) gaps++;
        else cut++;
      }
      lost += gaps; doubled += duplicates; live += received; cutTotal += cut; awayTotal += away;
      const cells = [i + 1, r.on === a ? 'A' : 'B', r.windows.length, sent, received, duplicates, gaps, cut, away];
      const widths = [8, 2, 11, 7, 13, 10, 11, 13, 15];
      console.log(`  ${cells.map((c, k) => String(c).padStart(widths[k]!)).join('  ')}`);
    }
    console.log(`  send -> first receipt, of those received live: ${spread(drillLatencies)}`);
    console.log(`  live: received ${live}, ${lost ? `${lost} LOST (gaps)` : 'no gaps'}, ${doubled ? `${doubled} DUPLICATES` : 'nothing doubled'}, cut off by drops ${cutTotal}, sent while away ${awayTotal}`);
    await Promise.all(receivers.flatMap((r) => (r.client ? [r.client.endAsync(true)] : [])));
    if (answers) {
      // What a reconnecting client reloads: each thread as its receiver reads it, every page.
      const held = new Uint16Array(DRILL_MESSAGES + 1);
      for (const [s, threadId] of drillThreads.entries()) {
        for (const text of await readThread(a.app, receivers[s % RECEIVERS]!.member, threadId)) {
          const n = numberIn('drill', text);
          if (n !== null && n <= DRILL_MESSAGES) held[n]!++;
        }
      }
      readback(DRILL_MESSAGES, answers, held);
    } else {
      console.log('  thread readback: none through the publisher alone (nothing is stored)');
    }
  }
  await senders?.close();
} finally {
  for (const instance of [a, b]) await instance.app.close();
  // The rate limits' and caches' keys under this run's prefix.
  const keys = await a.redis.keys(`${prefix}:*`).catch(() => [] as string[]);
  if (keys.length) await a.redis.del(...keys).catch(() => undefined);
  const left = await a.redis.keys(`${prefix}*`).catch(() => [] as string[]);
  for (const instance of [a, b]) {
    instance.redis.disconnect();
    await instance.database.close();
  }
  await queue.stop();
  await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin(`DROP SCHEMA IF EXISTS pgboss_${suffix} CASCADE`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  console.log(`\ncleaned up: schemas ${schema} and pgboss_${suffix} dropped, ${keys.length} Redis keys under ${prefix} deleted${left.length ? `, ${left.length} LEFT` : ''}`);
}
