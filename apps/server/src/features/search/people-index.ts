import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { Redis } from '../../platform/redis.js';
import { createUserSearch, type UserSearch, type UserSearchRow } from '../accounts/user-search.js';
import { createNameIndex, foldForSearch, measure, type IndexedAccount, type NameIndex } from './name-index.js';
import { createPeopleIndexRepository } from '../accounts/people-index.repository.js';

/** Accounts read per statement while the index loads. */
const LOAD_BATCH = 50_000;
/** Proposed people beyond the list's length, for those the access rules then leave out. */
const SPARE_CANDIDATES = 16;

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface PeopleIndexDeps {
  db: Db;
  /** Where instances tell each other of changed accounts; without it, only this one is told. */
  redis?: Redis;
  prefix: string;
  log: Log;
}

/** What one instance tells the others: accounts as they are now, and those gone. */
interface ChangeMessage {
  from: string;
  accounts: IndexedAccount[];
  gone: string[];
}

/**
 * People search from an index of every account kept in this process (name-index.ts): it proposes
 * candidates, and one statement reads their rows under the access rules, with the people the viewer
 * follows who match. The index loads at start in batches; until it is there, search reads the
 * database as before. Whoever changes an account's names, or makes one, calls `changed` once the
 * write committed: this instance re-reads the account at once and tells the others over Redis.
 */
export function createPeopleIndex({ db, redis, prefix, log }: PeopleIndexDeps) {
  const repo = createPeopleIndexRepository(db);
  const fromDatabase = createUserSearch(db);
  const instance = randomBytes(8).toString('hex');
  const channel = `${prefix}:search:people`;
  let index: NameIndex | null = null;
  // Changes seen while a load runs: the load may have read the account before them.
  let loading: { accounts: IndexedAccount[]; gone: string[] }[] | null = null;

  const listeners: (() => void)[] = [];
  const told = () => { for (const l of listeners) l(); };

  function apply(accounts: IndexedAccount[], gone: string[]) {
    if (loading) loading.push({ accounts, gone });
    index?.apply(accounts, gone);
    told();
  }

  /** Reads every account into a new index; the one in use keeps answering meanwhile. */
  async function load(): Promise<{ accounts: number; ms: number }> {
    const started = performance.now();
    loading = [];
    try {
      const all: IndexedAccount[] = [];
      let after: string | null = null;
      for (;;) {
        const batch = await repo.accountsAfter(after, LOAD_BATCH);
        for (const a of batch) all.push({ id: a.id, username: a.username, full_name: a.full_name, follower_count: Number(a.follower_count) });
        if (batch.length < LOAD_BATCH) break;
        after = batch[batch.length - 1]!.id;
      }
      const fresh = createNameIndex(all);
      for (const change of loading) fresh.apply(change.accounts, change.gone);
      index = fresh;
      told();
      return { accounts: all.length, ms: performance.now() - started };
    } finally {
      loading = null;
    }
  }

  const subscriber = redis?.duplicate();
  if (subscriber) {
    let subscribedOnce = false;
    subscriber.on('error', () => undefined);
    subscriber.on('ready', () => {
      // Changes told while the subscription was down are lost: the index is read again.
      if (subscribedOnce) load().catch((err: unknown) => log.error({ err }, 'people search index reload failed'));
      subscribedOnce = true;
    });
    subscriber.subscribe(channel).catch(() => undefined);
    subscriber.on('message', (_channel: string, raw: string) => {
      let msg: ChangeMessage;
      try {
        msg = JSON.parse(raw) as ChangeMessage;
      } catch {
        return;
      }
      if (msg.from === instance || !Array.isArray(msg.accounts) || !Array.isArray(msg.gone)) return;
      apply(msg.accounts, msg.gone);
    });
  }

  async function matching(viewerId: string | null, query: string, limit: number): Promise<UserSearchRow[]> {
    if (!index) return fromDatabase.matching(viewerId, query, limit);
    const q = foldForSearch(query);
    if (!q) return [];
    const { candidates, spellings } = index.candidates(q, limit + SPARE_CANDIDATES);
    const rows = await repo.rows(viewerId, candidates.map((c) => c.id), spellings);
    const fuzzy = [...q].length >= 3;
    // The rows are as the database has them now: a name changed since the index read it is measured anew.
    const ranked = rows.flatMap((r) => {
      const m = measure(q, fuzzy, { username: foldForSearch(r.username), name: foldForSearch(r.full_name) });
      return m ? [{ row: { ...r, follower_count: Number(r.follower_count), tier: m.tier }, closeness: m.closeness }] : [];
    });
    ranked.sort((a, b) => a.row.tier - b.row.tier || Number(b.row.followed_by_viewer) - Number(a.row.followed_by_viewer)
      || Number(b.row.follows_viewer) - Number(a.row.follows_viewer) || a.closeness - b.closeness
      || b.row.follower_count - a.row.follower_count || (a.row.username < b.row.username ? -1 : 1));
    return ranked.slice(0, limit).map((r) => r.row);
  }

  const search: UserSearch = { matching, byIds: fromDatabase.byIds };

  return {
    search,
    /** Loads the index; search reads the database until this is done. */
    load,
    /** The accounts indexed, or null before the load. */
    size: () => index?.size ?? null,

    /** Called whenever what the index finds may have changed, here or told by another instance. */
    onChange: (listener: () => void) => { listeners.push(listener); },

    /** Re-reads these accounts (made, renamed or deleted) here at once, and tells the other instances. */
    async changed(ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return;
      try {
        const accounts = (await repo.accounts(ids)).map((a) => ({ ...a, follower_count: Number(a.follower_count) }));
        const found = new Set(accounts.map((a) => a.id));
        const gone = ids.filter((id) => !found.has(id));
        apply(accounts, gone);
        if (redis?.status === 'ready') {
          const msg: ChangeMessage = { from: instance, accounts, gone };
          await redis.publish(channel, JSON.stringify(msg));
        }
      } catch (err) {
        // The write stands; until the next load this account is not found by its new name.
        log.warn({ err, ids }, 'people search index not told of a change');
      }
    },

    async close() {
      subscriber?.disconnect();
    },
  };
}
