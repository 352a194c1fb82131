import { randomUUID } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import { Aedes, type Client, type PublishPacket } from 'aedes';
import MQEmitterRedis from 'mqemitter-redis';
import { TOPIC_SEND_MESSAGE } from '@shutter/contract';
import type { Redis } from '../redis.js';
import type { UserTopics } from './topics.js';

/** Where a client's own publish goes once the service has taken it: nowhere (see `publish` below). */
const TAKEN = '$taken';
/** Longer client ids are refused: they are kept in memory, and sent through Redis on every connect. */
const CLIENT_ID_MAX = 128;

export interface BrokerOptions {
  topics: UserTopics;
  /** The user whose session opened the client's WebSocket. */
  userOf(client: Client): string | undefined;
  /** A payload the user published on /ig_send_message; the client's next packets wait for it. */
  onSend(client: Client, userId: string, payload: Buffer): Promise<void>;
  /** With Redis, events published on any instance reach subscribers on every instance. */
  redis?: Redis;
  onError(err: Error, what: string): void;
}

export interface ScopedBroker {
  aedes: Aedes;
  /** Publishes to one of the service's internal topics, at QoS 1; `done` gets a failure (Redis down). */
  publish(topic: string, payload: Buffer, done: (err?: Error) => void): void;
  close(): Promise<void>;
}

/**
 * Aedes, with every topic scoped to the connected user: a client subscribes only to the public
 * names, which become its own user's topics, and is delivered only those, under their public
 * names. What a client publishes is taken by the service, never forwarded.
 */
export async function openBroker(opts: BrokerOptions): Promise<ScopedBroker> {
  const { topics, userOf } = opts;
  const connections = opts.redis
    ? { subConn: opts.redis.duplicate(), pubConn: opts.redis.duplicate({ enableAutoPipelining: true }) }
    : undefined;
  const mq = connections ? MQEmitterRedis({ ...connections, concurrency: 100, matchEmptyLevels: true }) : undefined;
  // Its connections' failures come out here; an 'error' event no one listens to would end the process.
  (mq as unknown as { state: EventEmitter } | undefined)?.state.on('error', (err: Error) => opts.onError(err, 'the channel\'s Redis connection failed'));

  const aedes = await Aedes.createBroker({
    mq,
    connectTimeout: 10_000,
    // A client that stops reading is dropped after this long, so that it cannot hold up delivery to the others.
    drainTimeout: 15_000,
    maxClientsIdLength: CLIENT_ID_MAX + 40,
    preConnect(client, packet, callback) {
      const userId = userOf(client);
      if (!userId || (packet.clientId ?? '').length > CLIENT_ID_MAX) return callback(new Error('not a channel connection'), false);
      // Client ids are scoped to the user: the same id from another user never takes over this connection.
      packet.clientId = `${userId}:${packet.clientId || randomUUID()}`;
      // No session outlives its connection: a client that reconnects reloads what it shows.
      packet.clean = true;
      // A will would be a publish made on the client's behalf after it is gone.
      delete packet.will;
      callback(null, true);
    },
    authorizeSubscribe(client, sub, callback) {
      const userId = userOf(client);
      const topic = userId ? topics.internal(userId, sub.topic) : null;
      callback(null, topic ? { ...sub, topic } : null);
    },
    authorizeForward(client, packet) {
      const userId = userOf(client);
      const topic = userId ? topics.public(userId, packet.topic) : null;
      if (!topic) return null;
      packet.topic = topic;
      return packet;
    },
    authorizePublish(client, packet, callback) {
      const userId = client ? userOf(client) : undefined;
      // Anything else a client publishes ends its connection (MQTT 3.1.1 has no way to refuse one publish).
      if (!client || !userId || packet.topic !== TOPIC_SEND_MESSAGE) return callback(new Error(`publishing on ${packet.topic} is not allowed`));
      const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
      packet.topic = TAKEN;
      packet.retain = false;
      opts.onSend(client, userId, payload).then(() => callback(null), (err: Error) => callback(err));
    },
  });
  (aedes as EventEmitter).on('error', (err: Error) => opts.onError(err, 'the channel\'s broker failed'));

  // Aedes has no way to take a client's publish without closing the connection or passing it on:
  // once taken it is routed to TAKEN, and that route ends here, before Redis or any subscriber.
  const publish = aedes.publish.bind(aedes) as (...args: unknown[]) => void;
  aedes.publish = function publishUnlessTaken(packet: PublishPacket, ...rest: unknown[]) {
    if (packet.topic !== TAKEN) return publish(packet, ...rest);
    const done = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
    if (done) process.nextTick(done);
  } as Aedes['publish'];

  // UNSUBSCRIBE names the public topic, while the subscription lives on the user's own.
  aedes.on('unsubscribe', (unsubscriptions, client) => {
    const userId = userOf(client);
    if (!userId || client.closed) return;
    const own = unsubscriptions.map((t) => topics.internal(userId, t)).filter((t): t is string => t !== null);
    if (own.length) client.unsubscribe({ cmd: 'unsubscribe', messageId: undefined, unsubscriptions: own } as never, () => undefined);
  });

  return {
    aedes,
    publish(topic, payload, done) {
      aedes.publish({ cmd: 'publish', topic, payload, qos: 1, retain: false, dup: false }, done);
    },
    close: () => new Promise<void>((resolve) => {
      // Quitting Redis waits for its answer; an unreachable Redis must not hold the shutdown.
      const giveUp = setTimeout(finish, 2000);
      function finish() {
        clearTimeout(giveUp);
        connections?.subConn.disconnect();
        connections?.pubConn.disconnect();
        resolve();
      }
      aedes.close(finish);
    }),
  };
}
