import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createWebSocketStream, WebSocketServer, type WebSocket } from 'ws';
import type { Client } from 'aedes';
import { SESSION_COOKIE, type SyncEvent } from '@shutter/contract';
import { forbidden, notFound, tooManyRequests, unauthorized } from '../errors.js';
import type { Redis } from '../redis.js';
import { openBroker } from './broker.js';
import { answerSend, unwiredHandlers } from './send.js';
import { mqttPacketCounter } from './packet-count.js';
import { badgeEvent, userTopics } from './topics.js';
import type { ChannelHandlers, SyncPublisher } from './types.js';
import { isChannelPath, originAllowed, refuseUpgrade } from './upgrade.js';
import { sendWholePackets } from './ws-frames.js';

export type { ChannelHandlers, SyncPublisher } from './types.js';

/** A connection's session is looked up again this often; an ended one closes the connection. */
export const SESSION_CHECK_MS = 60_000;
/** `active` is called at most this often per connection. */
const ACTIVE_EVERY_MS = 60_000;
/** Open connections one user may hold on one instance (tabs, devices). */
const CONNECTIONS_PER_USER = 20;
/** What one connection may send in a minute: far above sends and pings; past it, it is closed. */
const INBOUND_BYTES_PER_MINUTE = 1024 * 1024;
/**
 * MQTT packets one connection may send in a minute, however small (sends, typing, pings,
 * subscriptions; not its acknowledgements of what it is told): far above a person's, who sends
 * at most DIRECT_SEND_LIMIT messages and types in pauses; past it, it is closed.
 */
export const INBOUND_PACKETS_PER_MINUTE = 600;
/** One WebSocket message; an MQTT packet larger than the channel's sends has no business here. */
const MAX_FRAME_BYTES = 64 * 1024;
/** Unreachable Redis or a failing publish is logged once a minute, not per event. */
const WARN_EVERY_MS = 60_000;

export interface RealtimeOptions {
  /** The session a cookie stands for, as every request resolves it (the cached session store). */
  findSession(token: string): Promise<{ user: { id: string } } | null>;
  /** The service's public URL: its origin may always open the channel. */
  publicUrl: string;
  /** Production accepts only that origin; otherwise a page of the host the request names may too. */
  strictOrigin: boolean;
  /** Shares the channel across instances (a connection of its own is made from it). */
  redis?: Redis;
  /** Scopes the channel's topics in Redis to this deployment (tests give each suite its own). */
  redisPrefix: string;
  log: FastifyBaseLogger;
  sessionCheckMs?: number;
}

export interface Realtime {
  /** Sends an event to a user's connections, on every instance. */
  publisher: SyncPublisher;
  /** Who answers what users publish on /ig_send_message (until set, every send fails). */
  setHandlers(handlers: ChannelHandlers): void;
  /** Takes WebSocket upgrades on MQTT_PATH of the app's server, and closes with the app. */
  attach(app: FastifyInstance): void;
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

interface Connection {
  userId: string;
  /** Set once the broker has the client's CONNECT. */
  client?: Client;
  lastActive: number;
  /** A connection's sends are handled one after another, in the order it sent them. */
  sends: Promise<void>;
}

/**
 * The real-time channel: MQTT 3.1.1 over WebSocket on the service's own port, authenticated by the
 * session cookie of the upgrade request.
 */
export async function createRealtime(opts: RealtimeOptions): Promise<Realtime> {
  const { log } = opts;
  const topics = userTopics(opts.redisPrefix);
  const originRule = { publicOrigin: new URL(opts.publicUrl).origin, strict: opts.strictOrigin };
  const sessionCheckMs = opts.sessionCheckMs ?? SESSION_CHECK_MS;
  let handlers = unwiredHandlers;
  let closing = false;
  const byRequest = new WeakMap<IncomingMessage, Connection>();
  const perUser = new Map<string, number>();
  const connectionOf = (client: Client) => (client.req ? byRequest.get(client.req) : undefined);
  const lastWarning = new Map<string, number>();
  const warn = (err: unknown, what: string) => {
    if (closing || Date.now() - (lastWarning.get(what) ?? 0) < WARN_EVERY_MS) return;
    lastWarning.set(what, Date.now());
    log.warn({ err }, what);
  };

  const broker = await openBroker({
    topics,
    userOf: (client) => connectionOf(client)?.userId,
    redis: opts.redis,
    onError: warn,
    onSend(client, userId, payload) {
      const conn = connectionOf(client)!;
      const handled = conn.sends.then(async () => {
        const answer = await answerSend(handlers, userId, payload, (err) => log.error({ err }, 'a channel send failed'));
        if (answer) broker.publish(topics.of(userId, 'response'), Buffer.from(JSON.stringify(answer)), (err) => err && warn(err, 'a send\'s answer could not be published'));
      });
      conn.sends = handled;
      return handled;
    },
  });

  // Presence is the area's; its failure must not take the connection (or the process) with it.
  const active = (userId: string) => {
    try {
      handlers.active?.(userId);
    } catch (err) {
      warn(err, 'marking a channel user active failed');
    }
  };
  broker.aedes.on('client', (client) => {
    const conn = connectionOf(client);
    if (!conn) return;
    conn.client = client;
    conn.lastActive = Date.now();
    active(conn.userId);
  });
  broker.aedes.on('clientError', (client, err) => log.debug({ err, userId: connectionOf(client)?.userId }, 'a channel connection was closed for a protocol error'));

  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_FRAME_BYTES,
    perMessageDeflate: false,
    // MQTT over WebSocket names its subprotocol `mqtt`; a client offering none gets none.
    handleProtocols: (protocols) => (protocols.has('mqtt') ? 'mqtt' : false),
  });

  function open(req: IncomingMessage, ws: WebSocket, userId: string, token: string) {
    const conn: Connection = { userId, lastActive: Date.now(), sends: Promise.resolve() };
    byRequest.set(req, conn);
    perUser.set(userId, (perUser.get(userId) ?? 0) + 1);

    let windowStart = Date.now();
    let inbound = 0;
    let packets = 0;
    const countPackets = mqttPacketCounter();
    let overBudget = false;
    ws.on('message', (data: Buffer) => {
      if (overBudget) return;
      const now = Date.now();
      if (now - windowStart >= 60_000) { windowStart = now; inbound = 0; packets = 0; }
      inbound += data.length;
      packets += countPackets(data);
      if (inbound > INBOUND_BYTES_PER_MINUTE || packets > INBOUND_PACKETS_PER_MINUTE) {
        overBudget = true;
        log.warn({ userId, bytes: inbound, packets }, 'a channel connection sent too much and was closed');
        // What it sent that the broker has not read yet is dropped, this message included.
        stream.destroy();
        ws.terminate();
        return;
      }
      if (conn.client && now - conn.lastActive >= ACTIVE_EVERY_MS) {
        conn.lastActive = now;
        active(userId);
      }
    });

    // Logged out, password changed, session ended elsewhere: the connection ends with the session.
    const check = setInterval(() => {
      opts.findSession(token).then((session) => {
        if (session?.user.id !== userId) ws.terminate();
      }, (err: unknown) => warn(err, 'a channel connection\'s session could not be checked'));
    }, sessionCheckMs);
    check.unref();

    ws.once('close', () => {
      clearInterval(check);
      const left = (perUser.get(userId) ?? 1) - 1;
      if (left > 0) perUser.set(userId, left);
      else perUser.delete(userId);
    });
    const stream = createWebSocketStream(ws);
    sendWholePackets(stream, ws);
    broker.aedes.handle(stream, req);
  }

  async function upgrade(app: FastifyInstance, req: IncomingMessage, socket: Duplex, head: Buffer) {
    socket.on('error', () => undefined);
    if (closing) return refuseUpgrade(socket, { statusCode: 503, message: 'The service is restarting.' });
    if (!originAllowed(req, originRule)) return refuseUpgrade(socket, forbidden());
    const token = req.headers.cookie ? app.parseCookie(req.headers.cookie)[SESSION_COOKIE] : undefined;
    const session = token && token.length <= 128 ? await opts.findSession(token) : null;
    if (!token || !session) return refuseUpgrade(socket, unauthorized());
    const userId = session.user.id;
    if ((perUser.get(userId) ?? 0) >= CONNECTIONS_PER_USER) return refuseUpgrade(socket, tooManyRequests());
    if (closing || socket.destroyed) return socket.destroy();
    wss.handleUpgrade(req, socket, head, (ws) => open(req, ws, userId, token));
  }

  const closeConnections = () => {
    closing = true;
    for (const ws of wss.clients) ws.terminate();
  };

  let closed: Promise<void> | undefined;
  const realtime: Realtime = {
    publisher: {
      publish(userId: string, event: SyncEvent) {
        const onDone = (err?: Error) => err && warn(err, 'a real-time event could not be published');
        broker.publish(topics.of(userId, 'sync'), Buffer.from(JSON.stringify(event)), onDone);
        const badge = badgeEvent(event);
        if (badge) broker.publish(topics.of(userId, 'badge'), Buffer.from(JSON.stringify(badge)), onDone);
      },
    },
    setHandlers(next) {
      handlers = next;
    },
    attach(app) {
      app.decorate('realtime', realtime);
      app.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
        if (!isChannelPath(req.url)) {
          // Another listener may take it; with none, the connection would hang until it times out.
          if (app.server.listenerCount('upgrade') === 1) refuseUpgrade(socket, notFound());
          return;
        }
        upgrade(app, req, socket, head).catch((err: unknown) => {
          log.error({ err }, 'a channel connection could not be opened');
          socket.destroy();
        });
      });
      // Open WebSockets would hold the HTTP server's close until they end.
      app.addHook('preClose', async () => closeConnections());
      app.addHook('onClose', async () => realtime.close());
    },
    close() {
      closeConnections();
      closed ??= broker.close().then(() => new Promise<void>((resolve) => wss.close(() => resolve())));
      return closed;
    },
  };
  return realtime;
}
