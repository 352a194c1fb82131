import { describe, expect, it, vi } from 'vitest';
import { workerClient } from './mqtt-worker-client';
import type { FromWorker, ToWorker } from './mqtt-protocol';

function fakeWorker() {
  const posted: ToWorker[] = [];
  const worker = {
    postMessage: (message: ToWorker) => posted.push(message),
    terminate: vi.fn(),
    onmessage: null as ((event: MessageEvent<FromWorker>) => void) | null,
    onerror: null as ((event: ErrorEvent) => void) | null,
  };
  const send = (data: FromWorker) => worker.onmessage!({ data } as MessageEvent<FromWorker>);
  return { worker, posted, send };
}

describe('the MQTT client in a worker', () => {
  it('connects, passes commands to the worker and its events to the channel', () => {
    const { worker, posted, send } = fakeWorker();
    const client = workerClient(worker as unknown as Worker, 'ws://example.test/mqtt');
    expect(posted).toEqual([{ type: 'connect', url: 'ws://example.test/mqtt' }]);
    const seen: unknown[] = [];
    client.on('connect', () => seen.push('connect'));
    client.on('message', (topic, payload) => seen.push([topic, payload]));
    client.on('error', (error) => seen.push(error.message));
    client.on('close', () => seen.push('close'));
    client.subscribe(['/a', '/b'], { qos: 1 });
    client.unsubscribe(['/a']);
    client.publish('/c', '{"x":1}', { qos: 0 });
    expect(posted.slice(1)).toEqual([
      { type: 'subscribe', topics: ['/a', '/b'], qos: 1 },
      { type: 'unsubscribe', topics: ['/a'] },
      { type: 'publish', topic: '/c', message: '{"x":1}', qos: 0 },
    ]);
    send({ type: 'connect' });
    send({ type: 'message', topic: '/b', payload: '{"y":2}' });
    send({ type: 'error', message: 'refused' });
    send({ type: 'close' });
    expect(seen).toEqual(['connect', ['/b', '{"y":2}'], 'refused', 'close']);
    client.removeAllListeners();
    send({ type: 'close' });
    expect(seen).toHaveLength(4);
    client.end(true);
    expect(worker.terminate).toHaveBeenCalledTimes(1);
  });

  it('a worker that fails counts as a lost connection', () => {
    const { worker } = fakeWorker();
    const client = workerClient(worker as unknown as Worker, 'ws://example.test/mqtt');
    const seen: string[] = [];
    client.on('error', (error) => seen.push(error.message));
    client.on('close', () => seen.push('close'));
    const preventDefault = vi.fn();
    worker.onerror!({ message: 'could not load', preventDefault } as unknown as ErrorEvent);
    expect(seen).toEqual(['could not load', 'close']);
    expect(preventDefault).toHaveBeenCalled();
  });
});
