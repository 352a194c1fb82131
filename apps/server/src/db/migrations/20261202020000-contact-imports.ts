import { type Kysely, sql } from 'kysely';

/**
 * Address books a person imported to find friends: one row per import, and the emails and phone
 * numbers it held (normalized), each with the contact's name. They are read only for their owner
 * and go with the owner's word (or account).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contact_imports')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('vcard', 'csv')`))
    .addColumn('contact_count', 'integer', (c) => c.notNull())
    .addColumn('match_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index contact_imports_user_idx on contact_imports (user_id, id desc)`.execute(db);

  await db.schema
    .createTable('imported_contacts')
    .addColumn('import_id', 'bigint', (c) => c.notNull().references('contact_imports.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('email', 'phone')`))
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('imported_contacts_pk', ['import_id', 'kind', 'value'])
    .execute();
  // "Whom do my contacts find": the owner's points, looked up by kind and value.
  await sql`create index imported_contacts_owner_idx on imported_contacts (user_id, kind, value)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('imported_contacts').execute();
  await db.schema.dropTable('contact_imports').execute();
}
