import { type Kysely, sql } from 'kysely';

/**
 * Apps that act for a person through the API (OAuth 2 / OpenID Connect): the registered apps, the
 * authorization server's short-lived records (codes, grants, tokens, interactions, sessions) kept
 * in one table so that every instance sees them and a restart keeps them, and the invitations an
 * app's developer sends to testers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('oauth_apps')
    .addColumn('client_id', 'text', (c) => c.primaryKey())
    .addColumn('id', 'bigint', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('website', 'text')
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('redirect_uris', sql`text[]`, (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    // Who registered it while logged in (the developer who may invite testers); null when anonymous.
    .addColumn('owner_id', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('oauth_store')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('grant_id', 'text')
    .addColumn('uid', 'text')
    .addColumn('user_code', 'text')
    .addColumn('account_id', 'text')
    .addColumn('client_id', 'text')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('consumed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('oauth_store_pk', ['kind', 'id'])
    .execute();
  await sql`create index oauth_store_grant_idx on oauth_store (grant_id) where grant_id is not null`.execute(db);
  await sql`create index oauth_store_uid_idx on oauth_store (uid) where uid is not null`.execute(db);
  await sql`create index oauth_store_account_idx on oauth_store (account_id, client_id) where kind = 'Grant'`.execute(db);
  await sql`create index oauth_store_expiry_idx on oauth_store (expires_at)`.execute(db);

  // Which apps a person authorized, and when they stopped (removed by them, or expired): the
  // authorization server forgets a grant once it ends, the person's list keeps it.
  await db.schema
    .createTable('oauth_authorizations')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull().references('oauth_apps.client_id').onDelete('cascade'))
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('authorized_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('removed_at', 'timestamptz')
    .addPrimaryKeyConstraint('oauth_authorizations_pk', ['user_id', 'client_id'])
    .execute();

  await db.schema
    .createTable('oauth_invites')
    .addColumn('client_id', 'text', (c) => c.notNull().references('oauth_apps.client_id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('accepted_at', 'timestamptz')
    .addPrimaryKeyConstraint('oauth_invites_pk', ['client_id', 'user_id'])
    .execute();
  await sql`create index oauth_invites_user_idx on oauth_invites (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oauth_invites').execute();
  await db.schema.dropTable('oauth_authorizations').execute();
  await db.schema.dropTable('oauth_store').execute();
  await db.schema.dropTable('oauth_apps').execute();
}
