import type { ContactImportEntry } from '@shutter/contract';
import type { IdGenerator } from '../../platform/ids.js';
import { presentUserSummary } from '../../platform/presenters.js';
import type { Storage } from '../../platform/storage.js';
import type { Access } from '../access/service.js';
import { presentRelation } from '../friendships/repository.js';
import type { ContactImportRepository, ContactPoint } from './repository.js';
import { parseContactsFile, type ParsedContact } from './parse.js';

type Row = Awaited<ReturnType<ContactImportRepository['found']>>[number];
type ImportRow = Awaited<ReturnType<ContactImportRepository['imports']>>[number];

const presentImport = (row: ImportRow): ContactImportEntry => ({
  id: row.id,
  created_at: Math.floor(new Date(row.created_at).getTime() / 1000),
  source: row.source,
  contact_count: row.contact_count,
  match_count: row.match_count,
});

/** Each email and number once, with the first contact's name that holds it. */
function pointsOf(contacts: ParsedContact[]): ContactPoint[] {
  const points = new Map<string, ContactPoint>();
  for (const { name, emails, phones } of contacts) {
    for (const value of emails) if (!points.has(`e${value}`)) points.set(`e${value}`, { kind: 'email', value, name });
    for (const value of phones) if (!points.has(`p${value}`)) points.set(`p${value}`, { kind: 'phone', value, name });
  }
  return [...points.values()];
}

/**
 * Finding friends from an address book. Matches only confirmed emails and numbers, never the
 * importer, never anyone hidden from them; what is stored is read by its owner alone.
 */
export function createContactImport(repo: ContactImportRepository, access: Access, storage: Storage, nextId: IdGenerator) {
  /** The rules and present steps of a list of found people. */
  async function present(ownerId: string, rows: Row[]) {
    const shown = await access.keepVisibleUsers(ownerId, rows, (r) => r.id);
    return shown.map((r) => ({ ...presentUserSummary(r, storage), ...presentRelation(r) }));
  }

  return {
    async importFile(ownerId: string, bytes: Buffer) {
      const { source, contactCount, contacts } = parseContactsFile(bytes);
      const points = pointsOf(contacts);
      const pick = (kind: ContactPoint['kind']) => points.filter((p) => p.kind === kind).map((p) => p.value);
      const users = await present(ownerId, await repo.matching(ownerId, pick('email'), pick('phone')));
      const row = await repo.add({ id: nextId(), user_id: ownerId, source, contact_count: contactCount, match_count: users.length }, points);
      return { import: presentImport(row), users };
    },

    async history(ownerId: string) {
      const [imports, rows] = await Promise.all([repo.imports(ownerId), repo.found(ownerId)]);
      return { imports: imports.map(presentImport), users: await present(ownerId, rows) };
    },

    async deleteAll(ownerId: string): Promise<void> {
      await repo.deleteAll(ownerId);
    },
  };
}
export type ContactImport = ReturnType<typeof createContactImport>;
