import type { SyncEvent } from '@shutter/contract';
import { createUserSummaries } from '../../src/features/accounts/user-summaries.js';
import { createAccess } from '../../src/features/access/service.js';
import { createAccessRepository } from '../../src/features/access/repository.js';
import { createDirect, type Direct } from '../../src/features/direct/service.js';
import { createPlaces } from '../../src/features/places/service.js';
import { createPlacesRepository } from '../../src/features/places/repository.js';
import { createPostSummaries } from '../../src/features/posts/summaries.js';
import { createIdGenerator } from '../../src/platform/ids.js';
import { createSummaryCaches } from '../../src/platform/summary-cache.js';
import type { TestApp } from './test-app.js';

/** Every event the direct area published, by person, in order. */
export class RecordingPublisher {
  readonly events: { userId: string; event: SyncEvent }[] = [];
  publish(userId: string, event: SyncEvent) { this.events.push({ userId, event }); }
  of(userId: string) { return this.events.filter((e) => e.userId === userId).map((e) => e.event); }
  clear() { this.events.length = 0; }
}

/** The direct area over a test app's database, telling a recording publisher. */
export function directOver(t: TestApp, publisher = new RecordingPublisher()): { direct: Direct; publisher: RecordingPublisher } {
  const caches = createSummaryCaches({ prefix: `${t.redisPrefix}:direct`, log: { warn: () => undefined } as never });
  const userSummaries = createUserSummaries(t.db, caches);
  const postSummaries = createPostSummaries(t.db, caches, userSummaries, createPlaces(createPlacesRepository(t.db), createIdGenerator(4001)));
  const access = createAccess(createAccessRepository(t.db));
  const direct = createDirect({
    db: t.db, nextId: createIdGenerator(4002), storage: t.storage, access, userSummaries, postSummaries, publisher,
    onError: (err) => { throw err; },
  });
  return { direct, publisher };
}
