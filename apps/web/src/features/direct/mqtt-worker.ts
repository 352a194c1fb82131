/// <reference lib="webworker" />
import mqtt, { type MqttClient } from 'mqtt';
import type { FromWorker, ToWorker } from './mqtt-protocol';

/**
 * The MQTT client runs here, off the page's thread: mqtt.js is a large script, and compiling and
 * running it on the page would hold up the first taps and scrolls of whoever just opened it.
 * The page ends the worker to close the connection.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
const tell = (message: FromWorker) => scope.postMessage(message);
const text = new TextDecoder();
let client: MqttClient | null = null;

scope.onmessage = (event: MessageEvent<ToWorker>) => {
  const command = event.data;
  if (command.type === 'connect') {
    // Native timers: mqtt.js's default runs them in a worker of its own made from a blob, which the
    // content security policy (script-src 'self') refuses.
    client = mqtt.connect(command.url, { reconnectPeriod: 0, connectTimeout: 10_000, keepalive: 30, protocolVersion: 4, clean: true, timerVariant: 'native' });
    client.on('connect', () => tell({ type: 'connect' }));
    client.on('close', () => tell({ type: 'close' }));
    client.on('error', (error) => tell({ type: 'error', message: error.message }));
    client.on('message', (topic, payload) => tell({ type: 'message', topic, payload: text.decode(payload) }));
  } else if (command.type === 'subscribe') client?.subscribe(command.topics, { qos: command.qos });
  else if (command.type === 'unsubscribe') client?.unsubscribe(command.topics);
  else client?.publish(command.topic, command.message, { qos: command.qos });
};
