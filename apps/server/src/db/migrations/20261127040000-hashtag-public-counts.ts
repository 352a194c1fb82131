import { type Kysely, sql } from 'kysely';

/**
 * A hashtag's public count: its posts that anyone may see, logged out too (a public account's
 * ready post). Visitors, strangers, search and the directory see that count, so a tag used only on
 * a private account's posts shows no posts and is not listed. Each post-to-tag row remembers
 * whether it is counted there, so that a privacy switch or a finished video moves exactly the
 * rows whose standing changed. A signed-in viewer's count adds the tag's other posts they may see,
 * read through the index of those rows alone, by tag and owner: from the tag's few such rows, or,
 * when it has many, from the viewer and the accounts they follow.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table media_hashtags add column is_public boolean not null default false, add column owner_id bigint`.execute(db);
  await sql`alter table hashtags add column public_media_count integer not null default 0`.execute(db);
  // The access rules of today for a post anyone may see (access/sql.ts, mediaVisibleSql(null)).
  await sql`update media_hashtags mh set owner_id = media.owner_id, is_public = (owner.is_private = false and media.status = 'ready')
    from media join users owner on owner.id = media.owner_id where media.id = mh.media_id`.execute(db);
  await sql`alter table media_hashtags alter column owner_id set not null`.execute(db);
  await sql`update hashtags h set public_media_count = c.n
    from (select tag, count(*)::int as n from media_hashtags where is_public group by tag) c where c.tag = h.name`.execute(db);
  await sql`create index media_hashtags_hidden_idx on media_hashtags (tag, owner_id) where not is_public`.execute(db);

  // Search and the directory list the tags with public posts, by their public count.
  await sql`drop index hashtags_folded_prefix_idx`.execute(db);
  await sql`create index hashtags_folded_prefix_idx on hashtags (folded_name text_pattern_ops, public_media_count desc) where public_media_count > 0`.execute(db);
  await sql`drop index hashtags_directory_idx`.execute(db);
  await sql`create index hashtags_directory_idx on hashtags (name text_pattern_ops) where public_media_count > 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index hashtags_directory_idx`.execute(db);
  await sql`create index hashtags_directory_idx on hashtags (name text_pattern_ops) where media_count > 0`.execute(db);
  await sql`drop index hashtags_folded_prefix_idx`.execute(db);
  await sql`create index hashtags_folded_prefix_idx on hashtags (folded_name text_pattern_ops, media_count desc)`.execute(db);
  await sql`drop index media_hashtags_hidden_idx`.execute(db);
  await sql`alter table hashtags drop column public_media_count`.execute(db);
  await sql`alter table media_hashtags drop column is_public, drop column owner_id`.execute(db);
}
