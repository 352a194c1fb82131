import type { FastifyInstance } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import { WebSocket } from 'ws';
import { MQTT_PATH, type SyncEvent } from '@shutter/contract';
import type { Agent } from './agent.js';

/** Starts the app's HTTP server on a free loopback port; the channel needs a real socket. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

/** The Cookie header the agent's browser would send. */
export const cookieOf = (agent: Agent) => [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

const wsUrl = (origin: string, path = MQTT_PATH) => `${origin.replace(/^http/, 'ws')}${path}`;

/** The HTTP status a WebSocket upgrade to `path` gets: 101 when it is taken. */
export function upgradeStatus(origin: string, headers: Record<string, string>, path = MQTT_PATH): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl(origin, path), 'mqtt', { headers });
    ws.on('open', () => { ws.terminate(); resolve(101); });
    ws.on('unexpected-response', (_req, res) => { res.resume(); ws.terminate(); resolve(res.statusCode ?? 0); });
    ws.on('error', reject);
  });
}

export interface Received { topic: string; event: SyncEvent & Record<string, unknown> }

export interface Channel {
  client: MqttClient;
  received: Received[];
  /** The QoS granted, or 128 when the broker refused the subscription. */
  subscribe(topic: string): Promise<number>;
  /** Resolves once the connection is gone (closed by either side). */
  closed: Promise<void>;
  end(): Promise<void>;
}

/** An MQTT 3.1.1 connection over WebSocket, as the web client opens one: the page's cookie and origin. */
export async function connectChannel(
  origin: string,
  cookie: string,
  opts: { clientId?: string; clean?: boolean; origin?: string } = {},
): Promise<Channel> {
  const client = await mqtt.connectAsync(wsUrl(origin), {
    protocolVersion: 4,
    clean: opts.clean ?? true,
    clientId: opts.clientId,
    reconnectPeriod: 0,
    connectTimeout: 5000,
    wsOptions: { headers: { cookie, origin: opts.origin ?? origin } },
  });
  const received: Received[] = [];
  client.on('message', (topic, payload) => received.push({ topic, event: JSON.parse(payload.toString()) }));
  client.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
  return {
    client,
    received,
    closed,
    async subscribe(topic) {
      try {
        const [grant] = await client.subscribeAsync(topic, { qos: 1 });
        return grant!.qos;
      } catch (err) {
        const granted = (err as { packet?: { granted?: number[] } }).packet?.granted;
        if (granted?.[0] === 128) return 128;
        throw err;
      }
    },
    async end() {
      await client.endAsync(true);
    },
  };
}
