import { describe, expect, it } from 'vitest';
import { mqttPacketCounter } from './packet-count.js';

/** A fixed header's remaining length, as MQTT writes it. */
function remainingLength(n: number): number[] {
  const out: number[] = [];
  do {
    let byte = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) byte |= 0x80;
    out.push(byte);
  } while (n > 0);
  return out;
}

const publish = (topic: string, payload: string) => {
  const body = [0, topic.length, ...Buffer.from(topic), ...Buffer.from(payload)];
  return Buffer.from([0x30, ...remainingLength(body.length), ...body]);
};
const PINGREQ = Buffer.from([0xc0, 0x00]);
const PUBACK = Buffer.from([0x40, 0x02, 0x12, 0x34]);

describe('counting MQTT packets as they arrive', () => {
  it('counts many packets in one message, of every size', () => {
    const count = mqttPacketCounter();
    const big = publish('/ig_send_message', 'x'.repeat(20_000));
    expect(remainingLength(big.length - 4)).toHaveLength(3);
    expect(count(Buffer.concat([publish('/ig_send_message', '{}'), PINGREQ, big, PINGREQ, publish('/t', 'y'.repeat(200))]))).toBe(5);
  });

  it('counts a packet once when it spans messages, even split inside its header', () => {
    const count = mqttPacketCounter();
    const stream = Buffer.concat([PINGREQ, publish('/ig_send_message', 'z'.repeat(300)), PINGREQ]);
    let total = 0;
    for (let i = 0; i < stream.length; i++) total += count(stream.subarray(i, i + 1));
    expect(total).toBe(3);
    expect(count(Buffer.concat([PINGREQ.subarray(0, 1)]))).toBe(0);
    expect(count(PINGREQ.subarray(1))).toBe(1);
  });

  it('a thousand tiny packets are a thousand, however they are framed', () => {
    const stream = Buffer.concat(Array.from({ length: 1000 }, () => publish('/ig_send_message', '{"a":1}')));
    for (const size of [1, 7, 64, 4096, stream.length]) {
      const count = mqttPacketCounter();
      let total = 0;
      for (let i = 0; i < stream.length; i += size) total += count(stream.subarray(i, i + size));
      expect(total).toBe(1000);
    }
  });

  it('leaves out acknowledgements of what the service sent', () => {
    const count = mqttPacketCounter();
    const acks = Buffer.concat([PUBACK, Buffer.from([0x50, 0x02, 0, 1]), Buffer.from([0x62, 0x02, 0, 1]), Buffer.from([0x70, 0x02, 0, 1])]);
    expect(count(Buffer.concat([acks, PINGREQ, acks, publish('/ig_send_message', '{}'), PUBACK]))).toBe(2);
  });

  it('stops at a length no MQTT packet has', () => {
    const count = mqttPacketCounter();
    expect(count(Buffer.from([0x30, 0xff, 0xff, 0xff, 0xff, 0x01, ...PINGREQ]))).toBe(0);
    expect(count(PINGREQ)).toBe(0);
  });
});
