import { describe, expect, it } from 'vitest';
import type { SendItemResponse } from '@shutter/contract';
import { answerSend, sendFailed } from './send.js';
import type { ChannelHandlers } from './types.js';

const ok = (ctx: string): SendItemResponse => ({ client_context: ctx, status: 'ok', payload: { thread_id: '1', item_id: '2', timestamp: 3 } });

describe('answers to sends', () => {
  const seen: [string, unknown][] = [];
  const handlers: ChannelHandlers = {
    async send(userId, request) {
      seen.push([userId, request]);
      const ctx = (request as { client_context: string }).client_context;
      if (ctx === 'throws') throw new Error('no');
      return ctx === 'quiet' ? null : ok(ctx);
    },
  };
  const answer = (payload: string, errors: unknown[] = []) => answerSend(handlers, '42', Buffer.from(payload), (e) => errors.push(e));

  it('pass the parsed request to the area with the sender\'s id, and return its answer', async () => {
    expect(await answer('{"client_context":"a","text":"hi"}')).toEqual(ok('a'));
    expect(seen.at(-1)).toEqual(['42', { client_context: 'a', text: 'hi' }]);
    expect(await answer('{"client_context":"quiet"}')).toBeNull();
  });

  it('fail a request that is not JSON when its client_context can still be read, and say nothing otherwise', async () => {
    const before = seen.length;
    expect(await answer('{"client_context": "c\\"1", "text": "unterminated')).toEqual(sendFailed('c"1'));
    expect(await answer('not json')).toBeNull();
    expect(await answer('{"client_context": 5,')).toBeNull();
    expect(seen.length).toBe(before);
  });

  it('fail a request the area threw on, and report the error', async () => {
    const errors: unknown[] = [];
    expect(await answer('{"client_context":"throws"}', errors)).toEqual(sendFailed('throws'));
    expect(errors).toHaveLength(1);
  });
});
