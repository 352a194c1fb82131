import type { MqttConnect, MqttLike } from './mqtt-protocol';

/** An in-memory stand-in for an mqtt.js client: the tests play the broker's part. */
export class FakeMqtt implements MqttLike {
  readonly subscribed = new Set<string>();
  readonly published: { topic: string; message: string }[] = [];
  ended = false;
  private readonly handlers = new Map<string, ((...args: never[]) => void)[]>();

  on(event: string, listener: (...args: never[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), listener]);
    return this;
  }
  private emit(event: string, ...args: unknown[]) {
    for (const handler of this.handlers.get(event) ?? []) (handler as (...a: unknown[]) => void)(...args);
  }
  subscribe(topics: string[]) {
    for (const topic of topics) this.subscribed.add(topic);
  }
  unsubscribe(topics: string[]) {
    for (const topic of topics) this.subscribed.delete(topic);
  }
  publish(topic: string, message: string) {
    this.published.push({ topic, message });
  }
  end() {
    this.ended = true;
  }
  removeAllListeners() {
    this.handlers.clear();
  }

  connectNow() {
    this.emit('connect');
  }
  closeNow() {
    this.emit('close');
  }
  deliver(topic: string, body: unknown) {
    this.emit('message', topic, new TextEncoder().encode(JSON.stringify(body)));
  }
  lastSent(): Record<string, unknown> {
    const last = this.published[this.published.length - 1];
    return last ? (JSON.parse(last.message) as Record<string, unknown>) : {};
  }
}

/** A connect function handing out fake clients, each kept for the test to drive. */
export function fakeConnect() {
  const clients: FakeMqtt[] = [];
  const urls: string[] = [];
  const connect: MqttConnect = (url) => {
    urls.push(url);
    const client = new FakeMqtt();
    clients.push(client);
    return Promise.resolve(client);
  };
  return { connect, clients, urls, latest: () => clients[clients.length - 1] };
}
