import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MQTT_PATH, TOPIC_BADGE_COUNT, TOPIC_MESSAGE_SYNC, TOPIC_SEND_MESSAGE, TOPIC_SEND_MESSAGE_RESPONSE, type SyncEvent } from '@shutter/contract';
import { channelUrl, createChannel, MQTT_NOT_INSTANTIATED, type ChannelListener } from './channel';
import { fakeConnect } from './fake-mqtt';

function setup(sendTimeoutMs = 1_000) {
  const broker = fakeConnect();
  const events: { event: SyncEvent; topic: string }[] = [];
  const connectivity: string[] = [];
  const listener: ChannelListener = {
    onEvent: (event, topic) => events.push({ event, topic }),
    onConnectivity: (value) => connectivity.push(value),
    onConnected: vi.fn(),
  };
  const channel = createChannel({ url: 'ws://example.test/mqtt', connect: broker.connect, listener, sendTimeoutMs, log: () => undefined });
  return { broker, channel, events, connectivity, listener };
}

describe('the real-time channel', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  it('connects over WebSocket to the page\'s own host', () => {
    expect(channelUrl({ protocol: 'https:', host: 'shutter.example:8443' }, MQTT_PATH)).toBe('wss://shutter.example:8443/mqtt');
    expect(channelUrl({ protocol: 'http:', host: '127.0.0.1:8181' }, MQTT_PATH)).toBe('ws://127.0.0.1:8181/mqtt');
  });

  it('R-002-direct-realtime-1: subscribes to the badge only, or to every message while a direct page is open', async () => {
    const { broker, channel, listener } = setup();
    channel.start();
    await vi.runAllTimersAsync();
    broker.latest().connectNow();
    expect([...broker.latest().subscribed].sort()).toEqual([TOPIC_BADGE_COUNT, TOPIC_SEND_MESSAGE_RESPONSE].sort());
    expect(listener.onConnected).toHaveBeenCalledTimes(1);
    channel.setSubscription('message');
    expect([...broker.latest().subscribed].sort()).toEqual([TOPIC_MESSAGE_SYNC, TOPIC_SEND_MESSAGE_RESPONSE].sort());
    channel.setSubscription('badge_count_only');
    expect(broker.latest().subscribed.has(TOPIC_MESSAGE_SYNC)).toBe(false);
  });

  it('hands on the events of the stream it subscribed to', async () => {
    const { broker, channel, events } = setup();
    channel.setSubscription('message');
    channel.start();
    await vi.runAllTimersAsync();
    broker.latest().connectNow();
    broker.latest().deliver(TOPIC_MESSAGE_SYNC, { event: 'patch', seq_id: 3, data: [] });
    expect(events).toEqual([{ event: { event: 'patch', seq_id: 3, data: [] }, topic: TOPIC_MESSAGE_SYNC }]);
  });

  it('R-002-direct-10: publishes a send and matches its answer by mutation token', async () => {
    const { broker, channel } = setup();
    channel.start();
    await vi.runAllTimersAsync();
    broker.latest().connectNow();
    const sent = channel.send({ thread_id: '7', item_type: 'text', text: 'hello', client_context: '42' });
    expect(broker.latest().published[0].topic).toBe(TOPIC_SEND_MESSAGE);
    expect(broker.latest().lastSent()).toEqual({ action: 'send_item', thread_id: '7', item_type: 'text', text: 'hello', client_context: '42' });
    broker.latest().deliver(TOPIC_SEND_MESSAGE_RESPONSE, { client_context: 'other', status: 'ok', payload: { thread_id: '7', item_id: '1', timestamp: 1 } });
    broker.latest().deliver(TOPIC_SEND_MESSAGE_RESPONSE, { client_context: '42', status: 'ok', payload: { thread_id: '7', item_id: '99', timestamp: 5 } });
    await expect(sent).resolves.toEqual({ thread_id: '7', item_id: '99', timestamp: 5 });
  });

  it('a refused send rejects with the service\'s code; one without an answer fails after its time', async () => {
    const { broker, channel } = setup(1_000);
    channel.start();
    await vi.runAllTimersAsync();
    broker.latest().connectNow();
    const refused = channel.send({ thread_id: '7', item_type: 'text', text: 'x', client_context: '1' });
    broker.latest().deliver(TOPIC_SEND_MESSAGE_RESPONSE, { client_context: '1', status: 'fail', message: 'no', code: 'direct_cannot_message' });
    await expect(refused).rejects.toMatchObject({ code: 'direct_cannot_message' });
    const lost = channel.send({ thread_id: '7', item_type: 'like', client_context: '2' });
    const check = expect(lost).rejects.toThrow('send timed out');
    await vi.advanceTimersByTimeAsync(1_000);
    await check;
  });

  it('R-002-direct-realtime-6: without a connection, sends and typing reject with "MQTT is not instantiated"', async () => {
    const { broker, channel } = setup();
    await expect(channel.send({ thread_id: '7', item_type: 'text', text: 'x', client_context: '1' })).rejects.toThrow(MQTT_NOT_INSTANTIATED);
    await expect(channel.typing('7', true, '2')).rejects.toThrow(MQTT_NOT_INSTANTIATED);
    channel.start();
    await vi.runAllTimersAsync();
    broker.latest().connectNow();
    const waiting = channel.send({ thread_id: '7', item_type: 'text', text: 'x', client_context: '3' });
    broker.latest().closeNow();
    await expect(waiting).rejects.toThrow(MQTT_NOT_INSTANTIATED);
  });

  it('comes back after a doubling delay when the connection drops, and tells so', async () => {
    const { broker, channel, connectivity, listener } = setup();
    channel.start();
    await vi.runAllTimersAsync();
    broker.latest().connectNow();
    broker.latest().closeNow();
    expect(broker.clients).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(broker.clients).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(broker.clients).toHaveLength(2);
    broker.latest().closeNow();
    await vi.advanceTimersByTimeAsync(1_999);
    expect(broker.clients).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(broker.clients).toHaveLength(3);
    broker.latest().connectNow();
    expect(listener.onConnected).toHaveBeenCalledTimes(2);
    expect(connectivity).toEqual(['connecting', 'connected', 'disconnected', 'connecting', 'disconnected', 'connecting', 'connected']);
    channel.stop();
    expect(broker.latest().ended).toBe(true);
  });
});
