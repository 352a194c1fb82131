import { type Kysely, sql } from 'kysely';

/**
 * Accounts signed in with the operator's OpenID Connect provider: one row per (issuer, subject),
 * the provider's stable name for a person, tied to one local account. Keyed by the issuer too, so
 * that an operator who changes providers never matches a subject of the old one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('oidc_identities')
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_login_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('oidc_identities_pkey', ['issuer', 'subject'])
    .execute();
  await db.schema.createIndex('oidc_identities_user_id_idx').on('oidc_identities').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oidc_identities').execute();
}
