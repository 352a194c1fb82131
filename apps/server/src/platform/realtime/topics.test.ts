import { describe, expect, it } from 'vitest';
import { directPaths, TOPIC_BADGE_COUNT, TOPIC_MESSAGE_SYNC, TOPIC_SEND_MESSAGE, TOPIC_SEND_MESSAGE_RESPONSE } from '@shutter/contract';
import { badgeEvent, userTopics } from './topics.js';

describe('user topics', () => {
  const topics = userTopics('shutter');

  it('a public name becomes the user\'s own topic, and only the user\'s own topics get a public name back', () => {
    expect(topics.internal('7', TOPIC_MESSAGE_SYNC)).toBe('$u/shutter/7/sync');
    expect(topics.internal('7', TOPIC_BADGE_COUNT)).toBe('$u/shutter/7/badge');
    expect(topics.internal('7', TOPIC_SEND_MESSAGE_RESPONSE)).toBe('$u/shutter/7/response');
    for (const other of [TOPIC_SEND_MESSAGE, '#', '$u/shutter/8/sync', 'constructor', '__proto__', '']) expect(topics.internal('7', other)).toBeNull();
    expect(topics.public('7', '$u/shutter/7/sync')).toBe(TOPIC_MESSAGE_SYNC);
    expect(topics.public('7', '$u/shutter/7/response')).toBe(TOPIC_SEND_MESSAGE_RESPONSE);
    for (const other of ['$u/shutter/8/sync', '$u/shutter/77/sync', '$u/other/7/sync', '$u/shutter/7/constructor', '$u/shutter/7/sync/x']) {
      expect(topics.public('7', other), other).toBeNull();
    }
  });

  it('a prefix that could match another\'s topics is refused', () => {
    for (const bad of ['a/b', 'a+', '#', '']) expect(() => userTopics(bad)).toThrow();
    expect(() => userTopics('test:3fa2c1')).not.toThrow();
  });
});

describe('badge events', () => {
  const unseen = { op: 'replace' as const, path: directPaths.unseenCount, value: 2 };
  const message = { op: 'add' as const, path: directPaths.item('1', '2'), value: {} };

  it('keep only the unseen count\'s replacements, under the same seq_id', () => {
    expect(badgeEvent({ event: 'patch', seq_id: 4, data: [message, unseen] })).toEqual({ event: 'patch', seq_id: 4, data: [unseen] });
    expect(badgeEvent({ event: 'patch', data: [unseen] })).toEqual({ event: 'patch', data: [unseen] });
  });

  it('carry snapshot requests, and nothing for events without a new count', () => {
    expect(badgeEvent({ event: 'snapshot', seq_id: 9 })).toEqual({ event: 'snapshot', seq_id: 9 });
    expect(badgeEvent({ event: 'patch', seq_id: 5, data: [message] })).toBeNull();
    expect(badgeEvent({ event: 'patch', seq_id: 5, data: [{ op: 'remove', path: directPaths.unseenCount }] })).toBeNull();
  });
});
