import { type Kysely, sql } from 'kysely';

/**
 * Confirmed contact points: an account's email and phone number each carry when they were
 * confirmed (null: not, or not since they last changed). Emailed links and texted codes are kept
 * only as hashes. The outbox remembers what was handed to the mail or SMS provider, so a message
 * that could not leave stays visible instead of vanishing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_confirmed_at', 'timestamptz').execute();
  await db.schema.alterTable('users').addColumn('phone_confirmed_at', 'timestamptz').execute();

  await db.schema
    .createTable('email_confirmations')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The address the link was sent to: a link for an address the account no longer has confirms nothing.
    .addColumn('email_lower', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('email_confirmations_user_id_idx').on('email_confirmations').column('user_id').execute();

  // One code at a time per account: a new request replaces the last.
  await db.schema
    .createTable('phone_confirmations')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sends', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema.alterTable('outbox').addColumn('delivered_at', 'timestamptz').execute();
  await db.schema.alterTable('outbox').addColumn('delivery_attempts', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('outbox').addColumn('delivery_error', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('delivery_error').execute();
  await db.schema.alterTable('outbox').dropColumn('delivery_attempts').execute();
  await db.schema.alterTable('outbox').dropColumn('delivered_at').execute();
  await db.schema.dropTable('phone_confirmations').execute();
  await db.schema.dropTable('email_confirmations').execute();
  await db.schema.alterTable('users').dropColumn('phone_confirmed_at').execute();
  await db.schema.alterTable('users').dropColumn('email_confirmed_at').execute();
}
