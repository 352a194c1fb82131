import { z } from 'zod';
import { CONTACT_SOURCES } from '../contact-import.js';
import { idString, okStatus, timestamp } from './common.js';
import { listedUser } from './users.js';

/** One import of an address book, as its owner's history lists it. */
export const contactImportEntry = z.object({
  id: idString,
  created_at: timestamp,
  source: z.enum(CONTACT_SOURCES),
  contact_count: z.number().int().nonnegative(),
  match_count: z.number().int().nonnegative().describe('The people the file found when it was imported.'),
}).meta({ id: 'ContactImport' });

/** The people an import found, with the viewer's relation to each (for Follow buttons). */
export const contactImportAnswer = z.object({
  import: contactImportEntry,
  users: z.array(listedUser),
  status: okStatus,
}).meta({ id: 'ContactImportAnswer' });

/** The person's imports and the people their imported contacts find now. */
export const contactHistory = z.object({
  imports: z.array(contactImportEntry),
  users: z.array(listedUser),
  status: okStatus,
}).meta({ id: 'ContactHistory' });

export type ContactImportEntry = z.infer<typeof contactImportEntry>;
export type ContactImportAnswer = z.infer<typeof contactImportAnswer>;
export type ContactHistory = z.infer<typeof contactHistory>;
