import { type Kysely, sql } from 'kysely';

/**
 * Two-factor authentication by texted codes, beside the authenticator app: the number an account's
 * login codes go to (a row only while the method is on), and the codes in flight. An account has
 * at most one pending code per purpose: `enable` (setting the method up, for the number being
 * proven) and `login` (a login's second step). Codes are kept only as hashes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('two_factor_phones')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('enabled_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('two_factor_sms_codes')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('enable', 'login')`))
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sends', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('two_factor_sms_codes_pkey', ['user_id', 'purpose'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('two_factor_sms_codes').execute();
  await db.schema.dropTable('two_factor_phones').execute();
}
