import { type Kysely, sql } from 'kysely';

/**
 * Home timelines written ahead (fan-out on write): each viewer's newest post ids, one indexed range
 * per viewer. `timeline_state` says when a timeline was last read (inactive viewers get no writes
 * and are rebuilt on return) and below which id it stops being complete (`floor_id`: the feed goes
 * on from the follow graph there). `timeline_stars` lists the accounts with so many followers that
 * their posts are merged in at read time instead of being written to every follower.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table timelines (
    viewer_id bigint not null references users(id) on delete cascade,
    media_id bigint not null references media(id) on delete cascade,
    owner_id bigint not null,
    primary key (viewer_id, media_id)
  )`.execute(db);
  // Unfollow and block remove one owner's entries from one viewer's timeline.
  await sql`create index timelines_viewer_owner_idx on timelines (viewer_id, owner_id)`.execute(db);
  // The cascade from a deleted post looks its entries up by post.
  await sql`create index timelines_media_idx on timelines (media_id)`.execute(db);
  await sql`create table timeline_state (
    viewer_id bigint primary key references users(id) on delete cascade,
    read_at timestamptz not null,
    floor_id bigint
  )`.execute(db);
  await sql`create index timeline_state_read_idx on timeline_state (read_at)`.execute(db);
  await sql`create table timeline_stars (
    user_id bigint primary key references users(id) on delete cascade
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table timeline_stars`.execute(db);
  await sql`drop table timeline_state`.execute(db);
  await sql`drop table timelines`.execute(db);
}
