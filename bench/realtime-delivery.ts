/**
 * Delivery of real-time events across two service instances sharing PostgreSQL and Redis, as a
 * deployment runs them: events are sent through instance A and received by a member connected to
 * instance B (MQTT over WebSocket, through Redis). Two parts:
 *
 * - latency: one receiver on B, `--messages` events sent through A at `--rate` a second; p50, p99
 *   and max from the send to the receipt (one process, one clock).
 * - drill: `--receivers` members on A and B, events sent to them in turn while their connections are
 *   dropped and restored at random; afterwards, per receiver, what was sent, received, received
 *   twice, and of what was not: gaps (a later message of the same sender came on the same
 *   connection: a loss), messages cut off by a drop (in flight when it closed) and messages sent
 *   while away. The last two are expected: a client that reconnects reloads its inbox.
 *
 * `--via publisher` sends through A's SyncPublisher. `--via channel` sends as the web client does:
 * sender members connected to A publish on /ig_send_message, and A's channel handlers publish the
 * event to the receiver (a stand-in for the direct area's, see `standInHandlers`).
 *
 *   node --import tsx bench/realtime-delivery.ts [--messages 10000] [--rate 1000] [--via publisher|channel]
 *     [--receivers 4] [--drill-messages 4000] [--senders 50]
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
  directPaths, MQTT_PATH, TOPIC_MESSAGE_SYNC, TOPIC_SEND_MESSAGE, type SendItemRequest, type SendItemResponse, type SyncEvent,
} from '@shutter/contract';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../apps/server/src/db/database.js';
import { createIdGenerator } from '../apps/server/src/platform/ids.js';
import { startQueue, type Queue } from '../apps/server/src/platform/queue.js';
import { connectRedis, type Redis } from '../apps/server/src/platform/redis.js';
import type { ChannelHandlers } from '../apps/server/src/platform/realtime/index.js';
import { createLocalStorage } from '../apps/server/src/platform/storage.js';
import { flag, fmt } from './lib.js';

const MESSAGES = flag('messages', 10_000);
const RATE = flag('rate', 1000);
const VIA = flag('via', 'publisher');
const RECEIVERS = flag('receivers', 4);
const DRILL_MESSAGES = flag('drill-messages', 4000);
const SENDERS = flag('senders', 50);
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Order holds per sending connection: each sender's messages, or all of the publisher's. */
const STREAMS = VIA === 'channel' ? SENDERS : 1;
if (VIA !== 'publisher' && VIA !== 'channel') throw new Error('--via is publisher or channel');

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
  const database = await openDatabase({ url: DATABASE_URL, schema, poolSize: 4 });
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

interface Member { id: string; cookie: string }

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
  if (res.statusCode !== 200 || !session) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  return { id: (res.json() as { user_id: string }).user_id, cookie: `csrftoken=${csrf}; sessionid=${session}` };
}

function connect(instance: Instance, member: Member): Promise<MqttClient> {
  return mqtt.connectAsync(`${instance.origin.replace(/^http/, 'ws')}${MQTT_PATH}`, {
    protocolVersion: 4, clean: true, reconnectPeriod: 0, connectTimeout: 5000,
    wsOptions: { headers: { cookie: member.cookie, origin: instance.origin } },
  });
}

// ---- sending: the one part to switch to the real send path ----

/** Message n's event, as the direct area publishes a new item: its text carries n. */
const itemEvent = (n: number): SyncEvent => ({
  event: 'patch', seq_id: n, data: [{ op: 'add', path: directPaths.item('bench', String(n)), value: { item_type: 'text', text: String(n) } }],
});

/** n from a received event: the text of the item it adds (with the direct area's events too). */
function messageNumber(event: SyncEvent): number | null {
  if (event.event !== 'patch') return null;
  const op = event.data.find((o) => o.op === 'add' && o.path.includes('/items/'));
  const text = (op?.value as { text?: unknown } | undefined)?.text;
  return typeof text === 'string' && /^\d+$/.test(text) ? Number(text) : null;
}

/**
 * Stands in for the direct area's handlers: the thread is the receiver's id, and a send publishes
 * the item to its receiver. With the direct area, set its handlers on A instead, send into a real
 * thread between sender and receiver, and the receipts and the readback (below) hold as they are.
 * Its send limit (DIRECT_SEND_LIMIT) is per account: use enough --senders for the rate. Each
 * connection's sends are handled one after another, so a few senders at a high rate measure their
 * queue, not delivery.
 */
function standInHandlers(a: Instance): ChannelHandlers {
  return {
    async send(_userId, raw) {
      const request = raw as SendItemRequest;
      a.app.realtime.publisher.publish(request.thread_id, itemEvent(Number(request.text)));
      return { client_context: request.client_context, status: 'ok', payload: { thread_id: request.thread_id, item_id: request.text!, timestamp: Date.now() } } satisfies SendItemResponse;
    },
  };
}

type Send = (n: number, to: Member) => void;

async function makeSender(a: Instance, senders: Member[]): Promise<{ send: Send; close(): Promise<void> }> {
  if (VIA === 'publisher') return { send: (n, to) => a.app.realtime.publisher.publish(to.id, itemEvent(n)), close: async () => undefined };
  a.app.realtime.setHandlers(standInHandlers(a));
  const clients = await Promise.all(senders.map((s) => connect(a, s)));
  return {
    send(n, to) {
      const request: SendItemRequest = { action: 'send_item', thread_id: to.id, item_type: 'text', text: String(n), client_context: `bench-${n}` };
      clients[n % clients.length]!.publish(TOPIC_SEND_MESSAGE, JSON.stringify(request), { qos: 1 });
    },
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
  console.log(`realtime-delivery: two instances on PostgreSQL (schema ${schema}) and Redis (prefix ${prefix}), via ${VIA}`);
  const receiver = await signUp(a.app);
  const drillMembers = await Promise.all(Array.from({ length: RECEIVERS }, () => signUp(a.app)));
  const senders = VIA === 'channel' ? await Promise.all(Array.from({ length: SENDERS }, () => signUp(a.app))) : [];
  const sender = await makeSender(a, senders);

  // Latency: A -> Redis -> B -> the receiver's WebSocket.
  {
    const client = await connect(b, receiver);
    await client.subscribeAsync(TOPIC_MESSAGE_SYNC, { qos: 1 });
    const sentAt = new Float64Array(MESSAGES + 1);
    const latency: number[] = [];
    const seen = new Uint8Array(MESSAGES + 1);
    let duplicates = 0;
    const streams = STREAMS;
    const last = new Float64Array(streams);
    let outOfOrder = 0;
    client.on('message', (_topic, payload) => {
      const at = performance.now();
      const n = messageNumber(JSON.parse(payload.toString()) as SyncEvent);
      if (n === null || n > MESSAGES) return;
      if (seen[n]) { duplicates++; return; }
      seen[n] = 1;
      if (n < last[n % streams]!) outOfOrder++;
      last[n % streams] = n;
      latency.push(at - sentAt[n]!);
    });
    const started = performance.now();
    const cpu = process.cpuUsage();
    // A stall of this process (a busy machine, a collection) delays every message at once: told apart here.
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    await paced(MESSAGES, RATE, (n) => sender.send(n, receiver), sentAt);
    const deadline = performance.now() + 10_000;
    while (latency.length < MESSAGES && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const seconds = (performance.now() - started) / 1000;
    const { user, system } = process.cpuUsage(cpu);
    loop.disable();
    await client.endAsync(true);
    const sorted = [...latency].sort((x, y) => x - y);
    console.log(`\nlatency, ${MESSAGES} messages at ${RATE}/s through A, received on B (${fmt(seconds, 1)} s):`);
    console.log(`  received ${latency.length}/${MESSAGES}, duplicates ${duplicates}, out of order ${outOfOrder} (within ${streams === 1 ? 'the publisher\'s sequence' : `each of ${streams} senders' sequences`})`);
    console.log(`  CPU of this process (both instances, sender and receiver): ${fmt((user + system) / 1000 / MESSAGES, 3)} ms a message, ${fmt((user + system) / 1e4 / seconds, 0)} % of one core`);
    console.log(`  event loop delay of this process: p99 ${fmt(loop.percentile(99) / 1e6, 1)} ms, max ${fmt(loop.max / 1e6, 1)} ms`);
    console.log(`  p50 ${fmt(percentile(sorted, 50), 2)} ms   p99 ${fmt(percentile(sorted, 99), 2)} ms   max ${fmt(sorted.at(-1) ?? NaN, 2)} ms   (aim: p99 <= 100 ms)`);
  }

  // Drill: receivers on A and B dropped and restored at random while messages flow to them in turn.
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
    const receivers: Receiver[] = drillMembers.map((member, i) => ({ member, on: i % 2 ? a : b, client: null, busy: false, windows: [], got: new Map(), highest: [] }));
    const attach = async (r: Receiver) => {
      const client = await connect(r.on, r.member);
      const highest = new Float64Array(STREAMS);
      r.highest.push(highest);
      client.on('message', (_topic, payload) => {
        const n = messageNumber(JSON.parse(payload.toString()) as SyncEvent);
        if (n === null) return;
        r.got.set(n, (r.got.get(n) ?? 0) + 1);
        highest[n % STREAMS] = Math.max(highest[n % STREAMS]!, n);
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
        .then(() => new Promise((res) => setTimeout(res, 50 + Math.random() * 450)))
        .then(() => attach(r))
        .finally(() => { r.busy = false; });
    };
    const sentAt = new Float64Array(DRILL_MESSAGES + 1);
    const to = (n: number) => receivers[n % receivers.length]!;
    await paced(DRILL_MESSAGES, RATE, (n) => sender.send(n, to(n).member), sentAt, chaos);
    while (receivers.some((r) => r.busy)) await new Promise((res) => setTimeout(res, 20));
    await new Promise((res) => setTimeout(res, 2000));

    console.log(`\ndrill, ${DRILL_MESSAGES} messages at ${RATE}/s to ${RECEIVERS} receivers (half on A, half on B) dropped and restored at random:`);
    console.log('  receiver  on  connections  sent  received  duplicates  gaps (lost)  cut by a drop  sent while away');
    let lost = 0;
    let doubled = 0;
    for (const [i, r] of receivers.entries()) {
      let sent = 0; let received = 0; let duplicates = 0; let gaps = 0; let cut = 0; let away = 0;
      for (let n = 1; n <= DRILL_MESSAGES; n++) {
        if (to(n) !== r) continue;
        sent++;
        const count = r.got.get(n) ?? 0;
        if (count) received++;
        if (count > 1) duplicates += count - 1;
        if (count) continue;
        const w = r.windows.findIndex(([from, until]) => sentAt[n]! >= from && sentAt[n]! < until);
        if (w < 0) away++;
        else if (r.highest[w]![n % STREAMS]! > n) gaps++;
        else cut++;
      }
      lost += gaps;
      doubled += duplicates;
      const cells = [i + 1, r.on === a ? 'A' : 'B', r.windows.length, sent, received, duplicates, gaps, cut, away];
      const widths = [8, 2, 11, 4, 8, 10, 11, 13, 15];
      console.log(`  ${cells.map((c, k) => String(c).padStart(widths[k]!)).join('  ')}`);
    }
    // With the direct area, the check that matters follows here: each receiver reloads each thread
    // (GET /direct_v2/web/threads/{id}/) and finds every message sent to it exactly once.
    console.log(`  ${lost ? `${lost} LOST (gaps)` : 'no gaps'}, ${doubled ? `${doubled} DUPLICATES` : 'nothing doubled'}; thread readback: with the direct area's send path`);
    await Promise.all(receivers.flatMap((r) => (r.client ? [r.client.endAsync(true)] : [])));
  }
  await sender.close();
} finally {
  for (const instance of [a, b]) await instance.app.close();
  // The rate limits' and caches' keys under this run's prefix.
  const keys = await a.redis.keys(`${prefix}:*`).catch(() => [] as string[]);
  if (keys.length) await a.redis.del(...keys).catch(() => undefined);
  for (const instance of [a, b]) {
    instance.redis.disconnect();
    await instance.database.close();
  }
  await queue.stop();
  await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin(`DROP SCHEMA IF EXISTS pgboss_${suffix} CASCADE`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
