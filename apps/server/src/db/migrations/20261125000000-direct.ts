import { type Kysely, sql } from 'kysely';

/**
 * Direct messages, owned by the direct area. A thread is a one-to-one conversation (one per pair of
 * people: `pair_key`) or a group. Each person's place in it is a member row: active, pending (in their
 * message requests until they approve), left or removed; it carries their own settings (admin,
 * muted, hidden) and what they saw last. The thread's activity time is copied into each member row,
 * so that an inbox is one keyset scan of one index. Items are time-sortable ids; a sender's
 * client_context makes a resent message the same message. Every user has one sequence number that
 * each change of their threads moves up, persisted, so the real-time stream can tell a gap.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table direct_threads (
    id bigint primary key,
    is_group boolean not null,
    title text,
    creator_id bigint references users(id) on delete set null,
    approval_required boolean not null default false,
    pair_key text unique,
    last_activity_at timestamptz not null,
    last_item_id bigint,
    last_permanent_item_id bigint,
    last_permanent_user_id bigint,
    created_at timestamptz not null default now(),
    check ((pair_key is null) = is_group)
  )`.execute(db);

  await sql`create table direct_members (
    thread_id bigint not null references direct_threads(id) on delete cascade,
    user_id bigint not null references users(id) on delete cascade,
    state text not null check (state in ('active', 'pending', 'left', 'removed')),
    is_admin boolean not null default false,
    muted boolean not null default false,
    hidden boolean not null default false,
    last_seen_item_id bigint,
    last_seen_at timestamptz,
    activity_at timestamptz not null,
    joined_at timestamptz not null default now(),
    primary key (thread_id, user_id)
  )`.execute(db);
  // The inbox and the requests: a person's threads in one state, most recent activity first.
  await sql`create index direct_members_inbox_idx on direct_members (user_id, state, activity_at desc, thread_id desc)`.execute(db);

  await sql`create table direct_items (
    id bigint primary key,
    thread_id bigint not null references direct_threads(id) on delete cascade,
    user_id bigint not null references users(id) on delete cascade,
    item_type text not null,
    text text,
    payload jsonb,
    media_id bigint,
    client_context text,
    unique (user_id, client_context)
  )`.execute(db);
  await sql`create index direct_items_thread_idx on direct_items (thread_id, id desc)`.execute(db);

  await sql`create table direct_item_reactions (
    item_id bigint not null references direct_items(id) on delete cascade,
    user_id bigint not null references users(id) on delete cascade,
    emoji text not null default 'like',
    created_at timestamptz not null default now(),
    primary key (item_id, user_id, emoji)
  )`.execute(db);

  await sql`create table direct_seq (
    user_id bigint primary key references users(id) on delete cascade,
    seq bigint not null
  )`.execute(db);

  // People added by a non-admin to a group that requires approval, until an admin lets them in.
  await sql`create table direct_join_requests (
    thread_id bigint not null references direct_threads(id) on delete cascade,
    user_id bigint not null references users(id) on delete cascade,
    requested_by bigint references users(id) on delete set null,
    created_at timestamptz not null default now(),
    primary key (thread_id, user_id)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists direct_join_requests`.execute(db);
  await sql`drop table if exists direct_seq`.execute(db);
  await sql`drop table if exists direct_item_reactions`.execute(db);
  await sql`drop table if exists direct_items`.execute(db);
  await sql`drop table if exists direct_members`.execute(db);
  await sql`drop table if exists direct_threads`.execute(db);
}
