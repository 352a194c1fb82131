import type { Db } from '../../db/database.js';

type WithPhoto = { photo?: { keys?: unknown } } | null;

const photoKeys = (photo: unknown): string[] => {
  const keys = (photo as { keys?: unknown } | null)?.keys;
  return Array.isArray(keys) ? keys.filter((k): k is string => typeof k === 'string') : [];
};

/**
 * An account's direct messages: its threads for its archive (its own messages and what others
 * wrote in them), and the files of the photos it sent, removed when it is purged.
 */
export function createDirectLeavingRepository(db: Db) {
  return {
    /** The threads the person is in, with their members' ids. */
    async threadsOf(userId: string) {
      const threads = await db.selectFrom('direct_members as m').innerJoin('direct_threads as t', 't.id', 'm.thread_id')
        .select(['t.id', 't.is_group', 't.title']).where('m.user_id', '=', userId).orderBy('t.id').execute();
      const members = threads.length === 0 ? [] : await db.selectFrom('direct_members').select(['thread_id', 'user_id'])
        .where('thread_id', 'in', threads.map((t) => t.id)).execute();
      return threads.map((t) => ({ ...t, member_ids: members.filter((m) => m.thread_id === t.id).map((m) => m.user_id) }));
    },

    /** The items of these threads, oldest first: text and type only of others' (their photos stay theirs). */
    itemsOf(threadIds: string[]) {
      if (threadIds.length === 0) return Promise.resolve([]);
      return db.selectFrom('direct_items').select(['id', 'thread_id', 'user_id', 'item_type', 'text', 'payload'])
        .where('thread_id', 'in', threadIds).orderBy('id').execute();
    },

    /** Files of every photo the person sent or uploaded to send. */
    async photoFilesOf(userId: string): Promise<string[]> {
      const [items, uploads] = await Promise.all([
        db.selectFrom('direct_items').select('payload').where('user_id', '=', userId).where('item_type', '=', 'media').execute(),
        db.selectFrom('direct_uploads').select('photo').where('user_id', '=', userId).execute(),
      ]);
      return [...items.flatMap((i) => photoKeys((i.payload as WithPhoto)?.photo)), ...uploads.flatMap((u) => photoKeys(u.photo))];
    },
  };
}

export { photoKeys };
