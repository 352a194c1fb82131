import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';
import { inSql } from '../../db/table-ref.js';
import { publicMediaSql } from '../access/sql.js';
import { usersAs } from '../accounts/repository.js';
import { mediaAs } from '../posts/tables.repository.js';

/**
 * The writes of a post's hashtags, inside the caller's own transaction: the post-to-tag rows and
 * the tags' counts move together (a count moves only for a row that is new or gone). Each row
 * keeps whether the post is one anyone may see (the access rules' `publicMediaSql`), counted in
 * the tag's public count; whatever changes that standing (a privacy switch, a finished or failed
 * video) calls `refreshPost` or `refreshOwner`, which move exactly the rows whose standing changed.
 * The owner's row is locked first in each, so a post's write and its owner's privacy switch never
 * count past each other.
 */
export const postTagWriter = {
  async add(trx: Kysely<Database>, mediaId: string, tags: string[]): Promise<void> {
    if (tags.length === 0) return;
    await lockOwner(trx, sql`(select owner_id from ${inSql(mediaAs('media'))} where id = ${mediaId})`);
    await sql`with post as (
        select media.owner_id, ${publicMediaSql({ media: 'media', owner: 'owner' })} as is_public from ${inSql(mediaAs('media'))} join ${inSql(usersAs('owner'))} on owner.id = media.owner_id where media.id = ${mediaId}
      ), tagged as (
        insert into media_hashtags (media_id, tag, owner_id, is_public) select ${mediaId}, t, post.owner_id, post.is_public from unnest(${sql.val(tags)}::text[]) t, post
        on conflict do nothing returning tag, is_public
      )
      insert into hashtags (name, folded_name, media_count, public_media_count)
      select tag, fold_text(tag), 1, case when is_public then 1 else 0 end from tagged
      on conflict (name) do update set media_count = hashtags.media_count + 1, public_media_count = hashtags.public_media_count + excluded.public_media_count`.execute(trx);
  },

  async remove(trx: Kysely<Database>, mediaId: string): Promise<void> {
    await lockOwner(trx, sql`(select owner_id from ${inSql(mediaAs('media'))} where id = ${mediaId})`);
    await sql`with gone as (delete from media_hashtags where media_id = ${mediaId} returning tag, is_public)
      update hashtags set media_count = greatest(hashtags.media_count - 1, 0),
        public_media_count = greatest(hashtags.public_media_count - case when gone.is_public then 1 else 0 end, 0)
      from gone where hashtags.name = gone.tag`.execute(trx);
  },

  async replace(trx: Kysely<Database>, mediaId: string, tags: string[]): Promise<void> {
    await postTagWriter.remove(trx, mediaId);
    await postTagWriter.add(trx, mediaId, tags);
  },

  /** After the post's status changed. */
  refreshPost: (trx: Kysely<Database>, mediaId: string) => refreshPublic(trx, sql`media.id = ${mediaId}`, sql`(select owner_id from ${inSql(mediaAs('media'))} where id = ${mediaId})`),

  /** After a change to the owner that can change who may see their posts (privacy), in the same transaction. */
  refreshOwner: (trx: Kysely<Database>, ownerId: string) => refreshPublic(trx, sql`media.owner_id = ${ownerId}`, sql`${ownerId}`),
};

/** Holds the owner's privacy still until this transaction ends (always before the tag rows, so that writers never wait on each other in a circle). */
async function lockOwner(trx: Kysely<Database>, ownerId: RawBuilder<unknown>): Promise<void> {
  await sql`select 1 from ${inSql(usersAs('users'))} where id = ${ownerId} for share`.execute(trx);
}

async function refreshPublic(trx: Kysely<Database>, posts: RawBuilder<unknown>, ownerId: RawBuilder<unknown>): Promise<void> {
  await lockOwner(trx, ownerId);
  await sql`with fresh as (
      select media_hashtags.media_id, media_hashtags.tag, ${publicMediaSql({ media: 'media', owner: 'owner' })} as now_public from media_hashtags
      join ${inSql(mediaAs('media'))} on media.id = media_hashtags.media_id
      join ${inSql(usersAs('owner'))} on owner.id = media.owner_id
      where ${posts}
    ), changed as (
      update media_hashtags mh set is_public = fresh.now_public from fresh
      where mh.media_id = fresh.media_id and mh.tag = fresh.tag and mh.is_public <> fresh.now_public
      returning mh.tag, mh.is_public
    )
    update hashtags set public_media_count = greatest(hashtags.public_media_count + d.delta, 0)
    from (select tag, sum(case when is_public then 1 else -1 end)::int as delta from changed group by tag) d
    where hashtags.name = d.tag`.execute(trx);
}
