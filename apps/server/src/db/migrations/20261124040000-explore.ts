import { type Kysely, sql } from 'kysely';

/**
 * Explore. A snapshot is the ranked pool of candidate posts and the topical clusters computed
 * together at one time; a viewer's session pages through one snapshot, so its scores never move
 * under the cursor. `explore_not_interested` holds each viewer's dismissed posts with the cluster
 * each was in (dismissals lower that cluster for the viewer).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table explore_snapshots (
    id bigint primary key,
    computed_at timestamptz not null
  )`.execute(db);
  await sql`create table explore_clusters (
    snapshot_id bigint not null references explore_snapshots(id) on delete cascade,
    position int not null,
    name text not null,
    tags text[] not null,
    post_count int not null,
    primary key (snapshot_id, name)
  )`.execute(db);
  // cluster '' holds the posts of no cluster, so that every scan is an equality on the index.
  await sql`create table explore_pool (
    snapshot_id bigint not null references explore_snapshots(id) on delete cascade,
    media_id bigint not null,
    owner_id bigint not null,
    cluster text not null,
    score double precision not null,
    primary key (snapshot_id, media_id)
  )`.execute(db);
  // A page merges one keyset scan per cluster, each in score order.
  await sql`create index explore_pool_scan_idx on explore_pool (snapshot_id, cluster, score desc, media_id desc) include (owner_id)`.execute(db);
  await sql`create table explore_not_interested (
    user_id bigint not null references users(id) on delete cascade,
    media_id bigint not null references media(id) on delete cascade,
    cluster text not null,
    id bigint not null,
    primary key (user_id, media_id)
  )`.execute(db);
  await sql`create index explore_not_interested_media_idx on explore_not_interested (media_id)`.execute(db);
  // What a viewer liked lately, newest first: the closeness of a post to the viewer's taste.
  await sql`create index likes_user_idx on likes (user_id, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index likes_user_idx`.execute(db);
  await sql`drop table explore_not_interested`.execute(db);
  await sql`drop table explore_pool`.execute(db);
  await sql`drop table explore_clusters`.execute(db);
  await sql`drop table explore_snapshots`.execute(db);
}
