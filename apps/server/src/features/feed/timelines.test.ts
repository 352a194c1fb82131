import { describe, expect, it } from 'vitest';
import type { Queue } from '../../platform/queue.js';
import type { FeedRepository } from './repository.js';
import type { TimelineRepository } from './timeline.repository.js';
import { createTimelines, FAN_OUT_JOB } from './timelines.js';

describe('publishing into timelines', () => {
  it('a fan-out that fails before the publish answers is handed to the queue, so the publish itself succeeds', async () => {
    const sent: { name: string; data: object }[] = [];
    const queue = { send: async (name: string, data: object) => { sent.push({ name, data }); } } as unknown as Queue;
    const repo = {
      addOwn: async () => undefined,
      isStar: async () => false,
      followerCount: async () => 3,
      fanOutBatch: async () => { throw new Error('connection reset'); },
    } as unknown as TimelineRepository;
    const timelines = createTimelines(repo, {} as FeedRepository, queue);
    await expect(timelines.published('11', '22')).resolves.toBeUndefined();
    expect(sent).toEqual([{ name: FAN_OUT_JOB, data: { mediaId: '11', ownerId: '22' } }]);
  });
});
