// What the channel asks of an MQTT client, and what the page and the MQTT worker (mqtt-worker.ts)
// tell each other.

/** The part of an mqtt.js client the channel uses (a fake stands in for it in tests). */
export interface MqttLike {
  on(event: 'connect' | 'close', listener: () => void): unknown;
  on(event: 'message', listener: (topic: string, payload: Uint8Array | string) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  subscribe(topics: string[], options: { qos: 0 | 1 }): unknown;
  unsubscribe(topics: string[]): unknown;
  publish(topic: string, message: string, options: { qos: 0 | 1 }): unknown;
  end(force?: boolean): unknown;
  removeAllListeners(): unknown;
}
export type MqttConnect = (url: string) => Promise<MqttLike>;

export type ToWorker =
  | { type: 'connect'; url: string }
  | { type: 'subscribe'; topics: string[]; qos: 0 | 1 }
  | { type: 'unsubscribe'; topics: string[] }
  | { type: 'publish'; topic: string; message: string; qos: 0 | 1 };

export type FromWorker =
  | { type: 'connect' }
  | { type: 'close' }
  | { type: 'message'; topic: string; payload: string }
  | { type: 'error'; message: string };
