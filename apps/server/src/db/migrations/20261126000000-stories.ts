import { type Kysely, sql } from 'kysely';

/**
 * Stories and what hangs from them: who saw each reel and item, close friends, highlights, and
 * the hashtags, places and people a story's stickers name. A story is live until `expiring_at`;
 * the purge removes it (and its files) once it is past the archive's keep, unless a highlight
 * holds it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table stories (
    id bigint primary key,
    owner_id bigint not null references users(id) on delete cascade,
    kind text not null check (kind in ('image', 'video')),
    status text not null default 'ready' check (status in ('processing', 'ready', 'failed')),
    audience text not null default 'everyone' check (audience in ('everyone', 'besties')),
    upload_id text not null,
    width integer not null,
    height integer not null,
    thumbhash text,
    variants jsonb not null default '[]',
    video_key text,
    poster_key text,
    duration_ms integer,
    stickers jsonb not null default '[]',
    location_id bigint,
    taken_at timestamptz not null default now(),
    expiring_at timestamptz not null,
    created_at timestamptz not null default now()
  )`.execute(db);
  // One upload makes one story (a retried configure answers the same one).
  await sql`create unique index stories_upload_idx on stories (owner_id, upload_id)`.execute(db);
  // A person's reel and archive, newest first; the tray's latest item per person.
  await sql`create index stories_owner_idx on stories (owner_id, taken_at desc, id desc)`.execute(db);
  // The purge's scan.
  await sql`create index stories_expiring_idx on stories (expiring_at)`.execute(db);
  // A place's public stories.
  await sql`create index stories_location_idx on stories (location_id, taken_at desc) where location_id is not null`.execute(db);

  await sql`create table story_hashtags (
    story_id bigint not null references stories(id) on delete cascade,
    name text not null,
    taken_at timestamptz not null,
    primary key (story_id, name)
  )`.execute(db);
  await sql`create index story_hashtags_name_idx on story_hashtags (name, taken_at desc)`.execute(db);

  await sql`create table story_mentions (
    story_id bigint not null references stories(id) on delete cascade,
    user_id bigint not null references users(id) on delete cascade,
    primary key (story_id, user_id)
  )`.execute(db);
  await sql`create index story_mentions_user_idx on story_mentions (user_id)`.execute(db);

  // When each viewer last saw each person's reel: an item is unseen while it was posted later.
  await sql`create table story_reel_seen (
    viewer_id bigint not null references users(id) on delete cascade,
    owner_id bigint not null references users(id) on delete cascade,
    seen_at timestamptz not null,
    primary key (viewer_id, owner_id)
  )`.execute(db);

  // Who saw each story, for its owner's viewer list (newest first, by cursor).
  await sql`create table story_views (
    story_id bigint not null references stories(id) on delete cascade,
    viewer_id bigint not null references users(id) on delete cascade,
    viewed_at timestamptz not null default now(),
    primary key (story_id, viewer_id)
  )`.execute(db);
  await sql`create index story_views_list_idx on story_views (story_id, viewed_at desc, viewer_id desc)`.execute(db);

  await sql`create table close_friends (
    owner_id bigint not null references users(id) on delete cascade,
    friend_id bigint not null references users(id) on delete cascade,
    created_at timestamptz not null default now(),
    primary key (owner_id, friend_id)
  )`.execute(db);
  await sql`create index close_friends_friend_idx on close_friends (friend_id, owner_id)`.execute(db);

  await sql`create table highlights (
    id bigint primary key,
    owner_id bigint not null references users(id) on delete cascade,
    title text not null,
    cover_story_id bigint references stories(id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index highlights_owner_idx on highlights (owner_id, created_at desc, id desc)`.execute(db);
  await sql`create table highlight_items (
    highlight_id bigint not null references highlights(id) on delete cascade,
    story_id bigint not null references stories(id) on delete cascade,
    added_at timestamptz not null default now(),
    primary key (highlight_id, story_id)
  )`.execute(db);
  await sql`create index highlight_items_story_idx on highlight_items (story_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['highlight_items', 'highlights', 'close_friends', 'story_views', 'story_reel_seen', 'story_mentions', 'story_hashtags', 'stories']) {
    await sql`drop table ${sql.table(table)}`.execute(db);
  }
}
