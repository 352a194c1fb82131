import type { FromWorker, MqttConnect, MqttLike, ToWorker } from './mqtt-protocol';

/**
 * mqtt.js in a worker of its own (mqtt-worker.ts), started only when a logged-in page first opens
 * the channel: the page's thread neither compiles nor runs it. Each connection is a worker, ended with it.
 */
export const connectMqtt: MqttConnect = async (url) => {
  const worker = new Worker(new URL('./mqtt-worker.ts', import.meta.url), { type: 'module', name: 'mqtt' });
  return workerClient(worker, url);
};

type Listener = (...args: never[]) => void;

/** The MqttLike face of a worker that runs the client: commands posted to it, events back. */
export function workerClient(worker: Pick<Worker, 'postMessage' | 'terminate' | 'onmessage' | 'onerror'>, url: string): MqttLike {
  const listeners = new Map<string, Listener[]>();
  const emit = (event: string, ...args: unknown[]) => {
    for (const listener of listeners.get(event) ?? []) (listener as (...a: unknown[]) => void)(...args);
  };
  const post = (command: ToWorker) => worker.postMessage(command);
  worker.onmessage = (event: MessageEvent<FromWorker>) => {
    const e = event.data;
    if (e.type === 'message') emit('message', e.topic, e.payload);
    else if (e.type === 'error') emit('error', new Error(e.message));
    else emit(e.type);
  };
  // A worker that cannot start or fails is a lost connection: the channel comes back after its delay.
  worker.onerror = (event) => {
    event.preventDefault();
    emit('error', new Error(event.message || 'the MQTT worker failed'));
    emit('close');
  };
  post({ type: 'connect', url });
  const client: MqttLike = {
    on(event: string, listener: Listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      return client;
    },
    subscribe: (topics, options) => post({ type: 'subscribe', topics, qos: options.qos }),
    unsubscribe: (topics) => post({ type: 'unsubscribe', topics }),
    publish: (topic, message, options) => post({ type: 'publish', topic, message, qos: options.qos }),
    // Ending the worker closes its socket.
    end: () => worker.terminate(),
    removeAllListeners: () => listeners.clear(),
  };
  return client;
}
