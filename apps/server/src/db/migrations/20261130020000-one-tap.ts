import { type Kysely, sql } from 'kysely';

/**
 * One-tap login: the browsers that saved an account's login info. Only hashes are kept: of the
 * browser's token (its cookie) and of the single-use nonce the latest landing page handed it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('one_tap_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('login_nonce_hash', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Forgetting every browser of an account (a disavowed login).
  await db.schema.createIndex('one_tap_tokens_user_id_idx').on('one_tap_tokens').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('one_tap_tokens').execute();
}
