import type { Db } from '../../db/database.js';

/** An account's search history, for its archive. */
export const recentSearchesOf = (db: Db, userId: string) =>
  db.selectFrom('recent_searches').select(['kind', 'entity_id', 'searched_at']).where('user_id', '=', userId).orderBy('searched_at', 'desc').execute();
