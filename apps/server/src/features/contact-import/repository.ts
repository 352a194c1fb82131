import { sql, type Expression } from 'kysely';
import { CONTACT_IMPORTS_SHOWN_MAX, CONTACT_MATCHES_SHOWN_MAX, type ContactSource } from '@shutter/contract';
import type { Db } from '../../db/database.js';
import { userSummaryColumns, usersAs } from '../accounts/repository.js';
import { viewerRelationColumns } from '../friendships/repository.js';

export interface ContactPoint {
  kind: 'email' | 'phone';
  value: string;
  name: string;
}

// Enough rows per insert to keep a 5,000-contact book to a few statements, well under the parameter limit.
const INSERT_CHUNK = 1000;

/** Every SQL statement of `contact_imports` and `imported_contacts`: only ever their owner's rows. */
export function createContactImportRepository(db: Db) {
  /** The found accounts (ids from `ids`), as list rows with the owner's relation to each; never the owner. */
  const people = (ownerId: string, ids: Expression<{ id: string }>) =>
    db.selectFrom(usersAs('u'))
      .select([...userSummaryColumns('u')])
      .select(viewerRelationColumns(ownerId, 'u.id'))
      .where(sql<boolean>`u.id in (${ids})`)
      .where('u.id', '<>', ownerId)
      .orderBy('u.username')
      .limit(CONTACT_MATCHES_SHOWN_MAX)
      .execute();

  return {
    /** Accounts whose confirmed email or confirmed phone number is one of these. */
    matching(ownerId: string, emails: string[], phones: string[]) {
      const byEmail = db.selectFrom(usersAs('m')).select('m.id')
        .where(sql<boolean>`m.email_lower = any(${sql.val(emails)}::text[])`).where('m.email_confirmed_at', 'is not', null);
      const byPhone = db.selectFrom(usersAs('m')).select('m.id')
        .where(sql<boolean>`m.phone_number = any(${sql.val(phones)}::text[])`).where('m.phone_confirmed_at', 'is not', null);
      return people(ownerId, byEmail.union(byPhone));
    },

    /** Accounts the owner's stored contacts find now (a confirmation since the import counts; a change of address no longer does). */
    found(ownerId: string) {
      const byEmail = db.selectFrom('imported_contacts as ic').innerJoin(usersAs('m'), 'm.email_lower', 'ic.value').select('m.id')
        .where('ic.user_id', '=', ownerId).where('ic.kind', '=', 'email').where('m.email_confirmed_at', 'is not', null);
      const byPhone = db.selectFrom('imported_contacts as ic').innerJoin(usersAs('m'), 'm.phone_number', 'ic.value').select('m.id')
        .where('ic.user_id', '=', ownerId).where('ic.kind', '=', 'phone').where('m.phone_confirmed_at', 'is not', null);
      return people(ownerId, byEmail.union(byPhone));
    },

    /** Stores an import and its points at once: the history never lists an import without its contacts. */
    async add(entry: { id: string; user_id: string; source: ContactSource; contact_count: number; match_count: number }, points: ContactPoint[]) {
      return db.transaction().execute(async (trx) => {
        const row = await trx.insertInto('contact_imports').values(entry).returning(['id', 'source', 'contact_count', 'match_count', 'created_at']).executeTakeFirstOrThrow();
        for (let i = 0; i < points.length; i += INSERT_CHUNK) {
          const chunk = points.slice(i, i + INSERT_CHUNK).map((p) => ({ import_id: entry.id, user_id: entry.user_id, ...p }));
          await trx.insertInto('imported_contacts').values(chunk).onConflict((oc) => oc.doNothing()).execute();
        }
        return row;
      });
    },

    imports(ownerId: string) {
      return db.selectFrom('contact_imports').select(['id', 'source', 'contact_count', 'match_count', 'created_at'])
        .where('user_id', '=', ownerId).orderBy('id', 'desc').limit(CONTACT_IMPORTS_SHOWN_MAX).execute();
    },

    /** Deletes every imported contact and import of the owner; answers how many imports went. */
    async deleteAll(ownerId: string): Promise<number> {
      return db.transaction().execute(async (trx) => {
        await trx.deleteFrom('imported_contacts').where('user_id', '=', ownerId).execute();
        const result = await trx.deleteFrom('contact_imports').where('user_id', '=', ownerId).executeTakeFirst();
        return Number(result.numDeletedRows);
      });
    },
  };
}
export type ContactImportRepository = ReturnType<typeof createContactImportRepository>;
