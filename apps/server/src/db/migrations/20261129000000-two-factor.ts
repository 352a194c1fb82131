import { type Kysely, sql } from 'kysely';

/**
 * Two-factor authentication with an authenticator app: the account's TOTP secret (pending until a
 * code from it turns it on), its backup codes (hashed), the logins waiting for their second step,
 * and the browsers trusted to skip it. The secret is a credential, so it has a table of its own
 * that no other read joins.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('totp_secrets')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Null while pending: generated, not yet confirmed with a code.
    .addColumn('enabled_at', 'timestamptz')
    // The time step of the last code accepted: a code is never accepted twice.
    .addColumn('last_step', 'bigint')
    .execute();

  await db.schema
    .createTable('backup_codes')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('used_at', 'timestamptz')
    .addPrimaryKeyConstraint('backup_codes_pkey', ['user_id', 'code_hash'])
    .execute();

  await db.schema
    .createTable('two_factor_challenges')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('two_factor_challenges_user_id_idx').on('two_factor_challenges').column('user_id').execute();

  await db.schema
    .createTable('trusted_devices')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('trusted_devices_user_id_idx').on('trusted_devices').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('trusted_devices').execute();
  await db.schema.dropTable('two_factor_challenges').execute();
  await db.schema.dropTable('backup_codes').execute();
  await db.schema.dropTable('totp_secrets').execute();
}
