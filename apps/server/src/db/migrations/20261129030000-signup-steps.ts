import { type Kysely, sql } from 'kysely';

/**
 * Signing up step by step: with a phone number instead of an email, the birthday, and a minor's
 * wait for a parent. And the places an account logs in from, to tell a login from elsewhere.
 *
 * A phone signup proves the number with a texted code before any account exists, so its codes are
 * kept by number (hashed). An account made by phone has no email: `email_lower` may be null then
 * (several accounts without an email do not collide in its unique index), and `email` is empty.
 * The birthday is kept as
 * its calendar text (YYYY-MM-DD): it is a date on no clock, and a timestamp would shift it by zone.
 * An account made by someone under the operator's consent age stays closed (no session, no login)
 * until a parent follows the mailed link; the link's nonce is kept only as a hash.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('birthday', 'text').execute();
  await db.schema.alterTable('users').addColumn('parental_consent_pending', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
  await db.schema
    .createTable('parental_consents')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('parent_email', 'text', (c) => c.notNull())
    .addColumn('nonce_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('decided_at', 'timestamptz')
    .addColumn('decision', 'text')
    .execute();
  await db.schema.createIndex('parental_consents_user_id_idx').on('parental_consents').column('user_id').execute();

  await db.schema
    .createTable('signup_phone_codes')
    .addColumn('phone_number', 'text', (c) => c.primaryKey())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sends', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('verified_at', 'timestamptz')
    .execute();
  await sql`alter table users alter column email_lower drop not null`.execute(db);

  // Where an account logs in from (a device kind and a network); a login from elsewhere is suspicious.
  await db.schema
    .createTable('login_places')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('first_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('login_places_pkey', ['user_id', 'device', 'network'])
    .execute();
  await db.schema.alterTable('sessions').addColumn('suspicious', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
  await db.schema.alterTable('sessions').addColumn('confirmed_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('confirmed_at').execute();
  await db.schema.alterTable('sessions').dropColumn('suspicious').execute();
  await db.schema.dropTable('login_places').execute();
  await sql`alter table users alter column email_lower set not null`.execute(db);
  await db.schema.dropTable('signup_phone_codes').execute();
  await db.schema.dropTable('parental_consents').execute();
  await db.schema.alterTable('users').dropColumn('parental_consent_pending').execute();
  await db.schema.alterTable('users').dropColumn('birthday').execute();
}
