import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { notBlockedSql } from '../access/sql.js';

/** A message item as the direct area stores and reads it. */
export interface ItemRow {
  id: string;
  thread_id: string;
  user_id: string;
  item_type: string;
  text: string | null;
  payload: unknown;
  media_id: string | null;
  client_context: string | null;
}

/** What storing a message found and did, in one statement. */
export type StoreOutcome =
  /** Not a reader of the thread, or a block stands between the sender and the other of a one-to-one thread. */
  | { kind: 'refused' }
  /** The sender sent this client_context before (into this thread or another): that item. */
  | { kind: 'resent'; item: ItemRow }
  /** The same client_context is being stored by another send at this moment. */
  | { kind: 'racing' }
  /** Stored: every reader told, with the sequence number each one moved up to. */
  | { kind: 'stored'; item: ItemRow; seqs: Map<string, number> };

interface OutcomeRow {
  allowed: boolean;
  prior: ItemRow | null;
  inserted: string | null;
  seqs: { user_id: string; seq: string | number }[] | null;
}

const itemJson = (alias: string) => sql.raw(`json_build_object('id', ${alias}.id::text, 'thread_id', ${alias}.thread_id::text,
  'user_id', ${alias}.user_id::text, 'item_type', ${alias}.item_type, 'text', ${alias}.text, 'payload', ${alias}.payload,
  'media_id', ${alias}.media_id::text, 'client_context', ${alias}.client_context)`);

/**
 * A message stored in one statement, so that a send costs one round trip and holds its locks only
 * while the statement runs: the sender's place in the thread (active or pending, no block across a
 * one-to-one thread), an earlier item with the same client_context, the item, the thread's newest
 * items and activity, every reader's activity (hidden threads come back; a pending sender who
 * writes has accepted the request) and every reader's sequence number.
 *
 * Each step takes its rows from the one before, so the locks come in the order every transaction
 * of the direct area takes them (the thread, its members, then the sequence rows by user id) and
 * two sends never wait on each other in a circle. The thread's newest item only moves forward:
 * ids are taken before the statement, and two sends into one thread may commit in either order.
 */
export async function storeMessage(db: Kysely<Database>, row: ItemRow, at: Date, permanent: boolean): Promise<StoreOutcome> {
  const sender = row.user_id;
  const payload = row.payload === null || row.payload === undefined ? null : JSON.stringify(row.payload);
  const { rows } = await sql<OutcomeRow>`
    with w as (
      select (not t.is_group and exists (select 1 from direct_members o where o.thread_id = t.id and o.user_id <> m.user_id
        and not ${notBlockedSql(sql`${sender}::bigint`, sql.ref('o.user_id'))})) as blocked
      from direct_members m join direct_threads t on t.id = m.thread_id
      where m.thread_id = ${row.thread_id}::bigint and m.user_id = ${sender}::bigint and m.state in ('active', 'pending')
    ),
    prior as (
      select * from direct_items p where p.user_id = ${sender}::bigint and p.client_context = ${row.client_context}::text
    ),
    ins as (
      insert into direct_items (id, thread_id, user_id, item_type, text, payload, media_id, client_context)
      select ${row.id}::bigint, ${row.thread_id}::bigint, ${sender}::bigint, ${row.item_type}::text, ${row.text}::text,
        ${payload}::jsonb, ${row.media_id}::bigint, ${row.client_context}::text
      where exists (select 1 from w where not w.blocked) and not exists (select 1 from prior)
      on conflict (user_id, client_context) do nothing
      returning id, thread_id
    ),
    thr as (
      update direct_threads t set
        last_activity_at = greatest(t.last_activity_at, ${at}::timestamptz),
        last_item_id = case when t.last_item_id is null or t.last_item_id < ins.id then ins.id else t.last_item_id end,
        last_permanent_item_id = case when ${permanent}::boolean and (t.last_permanent_item_id is null or t.last_permanent_item_id < ins.id)
          then ins.id else t.last_permanent_item_id end,
        last_permanent_user_id = case when ${permanent}::boolean and (t.last_permanent_item_id is null or t.last_permanent_item_id < ins.id)
          then ${sender}::bigint else t.last_permanent_user_id end
      from ins where t.id = ins.thread_id
      returning t.id
    ),
    mem as (
      update direct_members m set
        activity_at = greatest(m.activity_at, ${at}::timestamptz),
        hidden = false,
        state = case when m.user_id = ${sender}::bigint and m.state = 'pending' and ${permanent}::boolean then 'active' else m.state end
      from thr where m.thread_id = thr.id and m.state in ('active', 'pending')
      returning m.user_id
    ),
    seq as (
      insert into direct_seq (user_id, seq)
      select user_id, 1 from mem order by user_id
      on conflict (user_id) do update set seq = direct_seq.seq + 1
      returning user_id::text as user_id, seq
    )
    select exists (select 1 from w where not w.blocked) as allowed,
      (select ${itemJson('prior')} from prior) as prior,
      (select id::text from ins) as inserted,
      (select json_agg(json_build_object('user_id', seq.user_id, 'seq', seq.seq)) from seq) as seqs`.execute(db);
  const out = rows[0]!;
  if (!out.allowed) return { kind: 'refused' };
  if (out.prior) return { kind: 'resent', item: out.prior };
  if (out.inserted === null) return { kind: 'racing' };
  return { kind: 'stored', item: row, seqs: new Map((out.seqs ?? []).map((s) => [s.user_id, Number(s.seq)])) };
}
