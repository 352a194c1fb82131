import {
  TOPIC_BADGE_COUNT,
  TOPIC_MESSAGE_SYNC,
  TOPIC_SEND_MESSAGE,
  TOPIC_SEND_MESSAGE_RESPONSE,
  topicOfSubscription,
  type SendItemRequest,
  type SendItemResponse,
  type SubscriptionType,
  type SyncEvent,
} from '@shutter/contract';
import type { Connectivity } from './direct-types';
import type { MqttConnect, MqttLike } from './mqtt-protocol';
import { connectMqtt } from './mqtt-worker-client';

/**
 * The real-time channel (MQTT over WebSocket, spec 002 §4): one connection per tab. It subscribes
 * to the viewer's message stream or only to the badge (R-002-direct-realtime-1), publishes what the
 * viewer sends (text, likes, shares, typing: R-002-direct-10) and matches each answer to its send by
 * mutation token. A lost connection comes back after a doubling delay.
 */

/** R-002-direct-realtime-6: what a call that needs the channel rejects with while there is none. */
export const MQTT_NOT_INSTANTIATED = 'MQTT is not instantiated';
/** Our choice: how long a send waits for its answer before it counts as failed. */
export const SEND_TIMEOUT_MS = 15_000;
const RECONNECT_START_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;


export class ChannelSendError extends Error {
  readonly code?: string;
  constructor(message: string, code?: string) {
    super(message);
    this.name = 'ChannelSendError';
    this.code = code;
  }
}

export type SendPayload = Extract<SendItemResponse, { status: 'ok' }>['payload'];

export interface ChannelListener {
  onEvent(event: SyncEvent, topic: string): void;
  onConnectivity(value: Connectivity): void;
  /** Connected (again): what was published meanwhile is lost, so the caller reloads its snapshot. */
  onConnected(): void;
}

export interface ChannelOptions {
  url: string;
  connect?: MqttConnect;
  listener: ChannelListener;
  sendTimeoutMs?: number;
  log?: (message: string, detail?: unknown) => void;
}

export interface Channel {
  start(): void;
  stop(): void;
  setSubscription(type: SubscriptionType): void;
  send(request: Omit<SendItemRequest, 'action'>): Promise<SendPayload>;
  typing(threadId: string, active: boolean, clientContext: string): Promise<void>;
}

interface Waiting {
  message: string;
  resolve: (payload: SendPayload) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

function decode(payload: Uint8Array | string): unknown {
  try {
    return JSON.parse(typeof payload === 'string' ? payload : new TextDecoder().decode(payload));
  } catch {
    return null;
  }
}

export function createChannel({ url, connect = connectMqtt, listener, sendTimeoutMs = SEND_TIMEOUT_MS, log = console.warn }: ChannelOptions): Channel {
  let client: MqttLike | null = null;
  let connected = false;
  let stopped = true;
  let delay = RECONNECT_START_MS;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let subscription: SubscriptionType = 'badge_count_only';
  const waiting = new Map<string, Waiting>();

  const failWaiting = () => {
    for (const [key, entry] of waiting) {
      clearTimeout(entry.timer);
      entry.reject(new ChannelSendError(MQTT_NOT_INSTANTIATED));
      waiting.delete(key);
    }
  };

  const onMessage = (topic: string, payload: Uint8Array | string) => {
    const body = decode(payload);
    if (!body || typeof body !== 'object') return log('channel: not JSON', topic);
    if (topic === TOPIC_SEND_MESSAGE_RESPONSE) {
      const answer = body as SendItemResponse;
      const entry = waiting.get(answer.client_context);
      if (!entry) return;
      waiting.delete(answer.client_context);
      clearTimeout(entry.timer);
      if (answer.status === 'ok' && answer.payload) entry.resolve(answer.payload);
      else entry.reject(new ChannelSendError(answer.status === 'fail' ? answer.message : 'send failed', answer.status === 'fail' ? answer.code : undefined));
      return;
    }
    if (topic === TOPIC_MESSAGE_SYNC || topic === TOPIC_BADGE_COUNT) listener.onEvent(body as SyncEvent, topic);
  };

  const scheduleReconnect = () => {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      open();
    }, delay);
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  };

  // Sends waiting for their answer stay across a lost connection: published again once it is
  // back (the service answers the same mutation token with the same message), or failed by their timer.
  const drop = (mqtt: MqttLike) => {
    if (client !== mqtt) return;
    client = null;
    connected = false;
    mqtt.removeAllListeners();
    mqtt.end(true);
    listener.onConnectivity('disconnected');
    scheduleReconnect();
  };

  function open() {
    if (stopped || client) return;
    listener.onConnectivity('connecting');
    connect(url).then(
      (mqtt) => {
        if (stopped) {
          mqtt.end(true);
          return;
        }
        client = mqtt;
        mqtt.on('connect', () => {
          connected = true;
          delay = RECONNECT_START_MS;
          mqtt.subscribe([TOPIC_SEND_MESSAGE_RESPONSE, topicOfSubscription(subscription)], { qos: 1 });
          for (const entry of waiting.values()) mqtt.publish(TOPIC_SEND_MESSAGE, entry.message, { qos: 1 });
          listener.onConnectivity('connected');
          listener.onConnected();
        });
        mqtt.on('message', onMessage);
        mqtt.on('error', (error) => log('channel: error', error.message));
        mqtt.on('close', () => drop(mqtt));
      },
      (error: unknown) => {
        log('channel: could not load', error);
        listener.onConnectivity('disconnected');
        scheduleReconnect();
      },
    );
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      open();
    },
    stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      const mqtt = client;
      client = null;
      connected = false;
      if (mqtt) {
        mqtt.removeAllListeners();
        mqtt.end(true);
      }
      failWaiting();
      listener.onConnectivity('disconnected');
    },
    setSubscription(type) {
      if (type === subscription) return;
      const previous = subscription;
      subscription = type;
      if (!client || !connected) return;
      client.unsubscribe([topicOfSubscription(previous)]);
      client.subscribe([topicOfSubscription(type)], { qos: 1 });
    },
    send(request) {
      // Started, the channel takes a send while it connects; never started or stopped, there is none.
      if (stopped) return Promise.reject(new ChannelSendError(MQTT_NOT_INSTANTIATED));
      const message = JSON.stringify({ action: 'send_item', ...request } satisfies SendItemRequest);
      return new Promise<SendPayload>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(request.client_context);
          reject(new ChannelSendError('send timed out'));
        }, sendTimeoutMs);
        waiting.set(request.client_context, { message, resolve, reject, timer });
        if (client && connected) client.publish(TOPIC_SEND_MESSAGE, message, { qos: 1 });
      });
    },
    typing(threadId, active, clientContext) {
      if (!client || !connected) return Promise.reject(new ChannelSendError(MQTT_NOT_INSTANTIATED));
      const request: SendItemRequest = { action: 'send_item', thread_id: threadId, item_type: 'typing', client_context: clientContext, activity_status: active ? 1 : 0 };
      client.publish(TOPIC_SEND_MESSAGE, JSON.stringify(request), { qos: 0 });
      return Promise.resolve();
    },
  };
}

/** `ws(s)://{host}/mqtt` of the page's own origin: the browser sends the session cookie with it. */
export function channelUrl(location: Pick<Location, 'protocol' | 'host'>, path: string): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}`;
}
