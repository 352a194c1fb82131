import type { Db } from '../db/database.js';
import { createHashtagsRepository } from '../features/hashtags/repository.js';

/** The demo world's sensitive hashtag: its page opens on the content advisory. */
export const DEMO_SENSITIVE_HASHTAGS = ['extreme'];
/** Hashtags the first persona (alice) follows: their top posts reach her feed and her list. */
export const DEMO_FOLLOWED_HASHTAGS = ['sunset', 'nature'];

/** After the demo posts: a sensitive tag, and a persona who follows a few tags. */
export async function seedDemoHashtags(db: Db): Promise<void> {
  const repo = createHashtagsRepository(db);
  await repo.markSensitive(DEMO_SENSITIVE_HASHTAGS);
  const alice = await db.selectFrom('users').select('id').where('username', '=', 'alice').executeTakeFirst();
  if (!alice) return;
  for (const name of DEMO_FOLLOWED_HASHTAGS) {
    const tag = await repo.find(name, null);
    if (tag) await repo.follow(alice.id, tag.id);
  }
}
