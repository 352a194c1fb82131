import { type Kysely, sql } from 'kysely';

/**
 * Posts (media) with their items, the follow graph the feed reads, likes, saves, comments and
 * comment likes, hashtags, mentions and people tags. Counters are kept on the rows they count, in
 * the same transaction as the change, so lists never count per row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('follows')
    .addColumn('follower_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('followee_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('id', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('follows_pk', ['follower_id', 'followee_id'])
    .execute();
  await db.schema.createIndex('follows_followee_idx').on('follows').columns(['followee_id', 'id desc']).execute();

  await db.schema
    .createTable('locations')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('name_lower', 'text', (c) => c.notNull().unique())
    .execute();

  await db.schema
    .createTable('uploads')
    .addColumn('upload_id', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('height', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('thumbhash', 'text')
    .addColumn('variants', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('video_key', 'text')
    .addColumn('poster_key', 'text')
    .addColumn('source_key', 'text')
    .addColumn('duration_ms', 'integer')
    .addColumn('error', 'text')
    .addColumn('media_id', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('uploads_pk', ['owner_id', 'upload_id'])
    .execute();

  await db.schema
    .createTable('media')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('owner_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('media_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('ready'))
    .addColumn('caption', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('accessibility_caption', 'text')
    .addColumn('location_id', 'bigint', (c) => c.references('locations.id').onDelete('set null'))
    .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('comment_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('comments_disabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Profile grids and the feed's fan-in both read one owner's posts newest first.
  await db.schema.createIndex('media_owner_id_idx').on('media').columns(['owner_id', 'id desc']).execute();

  await db.schema
    .createTable('media_items')
    .addColumn('media_id', 'bigint', (c) => c.notNull().references('media.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('thumbhash', 'text')
    .addColumn('variants', 'jsonb', (c) => c.notNull())
    .addColumn('video_key', 'text')
    .addColumn('poster_key', 'text')
    .addColumn('duration_ms', 'integer')
    .addColumn('accessibility_caption', 'text')
    .addPrimaryKeyConstraint('media_items_pk', ['media_id', 'position'])
    .execute();

  await db.schema
    .createTable('usertags')
    .addColumn('media_id', 'bigint', (c) => c.notNull().references('media.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('x', 'real', (c) => c.notNull())
    .addColumn('y', 'real', (c) => c.notNull())
    .addPrimaryKeyConstraint('usertags_pk', ['media_id', 'position', 'user_id'])
    .execute();
  await db.schema.createIndex('usertags_user_idx').on('usertags').columns(['user_id', 'media_id desc']).execute();

  await db.schema
    .createTable('media_hashtags')
    .addColumn('media_id', 'bigint', (c) => c.notNull().references('media.id').onDelete('cascade'))
    .addColumn('tag', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('media_hashtags_pk', ['media_id', 'tag'])
    .execute();
  // Hashtag pages (equality) and suggestions (prefix): text_pattern_ops serves both.
  await sql`create index media_hashtags_tag_idx on media_hashtags (tag text_pattern_ops, media_id desc)`.execute(db);
  await sql`create index users_username_prefix_idx on users (username_lower text_pattern_ops)`.execute(db);

  await db.schema
    .createTable('media_mentions')
    .addColumn('media_id', 'bigint', (c) => c.notNull().references('media.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('media_mentions_pk', ['media_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('likes')
    .addColumn('media_id', 'bigint', (c) => c.notNull().references('media.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('id', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('likes_pk', ['media_id', 'user_id'])
    .execute();
  await db.schema.createIndex('likes_media_idx').on('likes').columns(['media_id', 'id desc']).execute();

  await db.schema
    .createTable('saves')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('media_id', 'bigint', (c) => c.notNull().references('media.id').onDelete('cascade'))
    .addColumn('id', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('saves_pk', ['user_id', 'media_id'])
    .execute();
  await db.schema.createIndex('saves_user_idx').on('saves').columns(['user_id', 'id desc']).execute();

  await db.schema
    .createTable('comments')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('media_id', 'bigint', (c) => c.notNull().references('media.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('parent_id', 'bigint', (c) => c.references('comments.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reply_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Parent comments of a post, and replies of a comment, each in id order.
  await db.schema.createIndex('comments_media_parent_idx').on('comments').columns(['media_id', 'parent_id', 'id']).execute();
  await db.schema.createIndex('comments_parent_idx').on('comments').columns(['parent_id', 'id']).execute();

  await db.schema
    .createTable('comment_likes')
    .addColumn('comment_id', 'bigint', (c) => c.notNull().references('comments.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('id', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('comment_likes_pk', ['comment_id', 'user_id'])
    .execute();
  await db.schema.createIndex('comment_likes_comment_idx').on('comment_likes').columns(['comment_id', 'id desc']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index users_username_prefix_idx`.execute(db);
  for (const table of ['comment_likes', 'comments', 'saves', 'likes', 'media_mentions', 'media_hashtags', 'usertags', 'media_items', 'media', 'uploads', 'locations', 'follows']) {
    await db.schema.dropTable(table).execute();
  }
}
