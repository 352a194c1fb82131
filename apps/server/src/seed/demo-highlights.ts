import type { Db } from '../db/database.js';
import type { IdGenerator } from '../platform/ids.js';

/** The demo's highlights: who has them, and their titles, newest last. */
const DEMO_HIGHLIGHTS: Record<string, string[]> = {
  alice: ['Travel', 'Food', 'Sunsets'],
  bob: ['Climbing', 'Coffee'],
  carol: ['Studio'],
  erin: ['Garden', 'Weekends'],
};

/**
 * Gathers each persona's stories (oldest first) into their highlights, a share each, the first
 * story of each share its cover. Takes whatever stories the personas have and does nothing for one
 * without any, or whose highlights are already there (a second run).
 */
export async function seedDemoHighlights(db: Db, nextId: IdGenerator): Promise<number> {
  let made = 0;
  for (const [username, titles] of Object.entries(DEMO_HIGHLIGHTS)) {
    const owner = await db.selectFrom('users').select('id').where('username_lower', '=', username).executeTakeFirst();
    if (!owner) continue;
    const already = await db.selectFrom('highlights').select('id').where('owner_id', '=', owner.id).limit(1).executeTakeFirst();
    if (already) continue;
    const stories = await db.selectFrom('stories').select('id').where('owner_id', '=', owner.id).where('status', '=', 'ready')
      .orderBy('taken_at', 'asc').orderBy('id', 'asc').execute();
    if (stories.length === 0) continue;
    const shares = Math.min(titles.length, stories.length);
    const per = Math.ceil(stories.length / shares);
    for (let i = 0; i < shares; i += 1) {
      const items = stories.slice(i * per, (i + 1) * per);
      if (items.length === 0) break;
      const id = nextId();
      const createdAt = new Date(Date.now() - (shares - i) * 60_000);
      await db.insertInto('highlights').values({ id, owner_id: owner.id, title: titles[i]!, cover_story_id: items[0]!.id, created_at: createdAt, updated_at: createdAt }).execute();
      await db.insertInto('highlight_items').values(items.map((s) => ({ highlight_id: id, story_id: s.id, added_at: createdAt }))).execute();
      made += 1;
    }
  }
  return made;
}
