import fs from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CONTACT_DELETE_PATH, CONTACT_FILE_FIELD, CONTACT_FILE_MAX_BYTES, CONTACT_FILE_MAX_MB, CONTACT_IMPORT_LIMIT, CONTACT_IMPORT_PATH, CONTACTS_PER_IMPORT_MAX,
} from '@shutter/contract';
import { contactImportAnswer, ok } from '@shutter/contract/results';
import { perAccount } from '../../platform/rate-limits.js';
import { requireSession } from '../../platform/session.js';
import { readUpload } from '../posts/multipart.js';
import type { ContactImport } from './service.js';

const tags = ['contacts'];

export function registerContactImportRoutes(app: FastifyInstance, contacts: ContactImport, spoolDir: string): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(CONTACT_IMPORT_PATH, {
    schema: {
      tags, summary: `Find people from an address book: multipart "${CONTACT_FILE_FIELD}", a vCard (3 or 4) or CSV file of at most ${CONTACT_FILE_MAX_MB} MB and ${CONTACTS_PER_IMPORT_MAX} contacts`,
      description: 'Matches confirmed emails and phone numbers only; the contacts are kept for the importer alone until they delete them.',
      consumes: ['multipart/form-data'], response: { 200: contactImportAnswer },
    },
    config: { failures: [413] },
    preHandler: perAccount(app, 'contact-import', CONTACT_IMPORT_LIMIT),
  }, async (request) => {
    const viewerId = requireSession(request).user.id;
    const up = await readUpload(request, { field: CONTACT_FILE_FIELD, maxBytes: CONTACT_FILE_MAX_BYTES, tooLarge: `This file is larger than ${CONTACT_FILE_MAX_MB} MB.`, spoolDir });
    try {
      return { ...(await contacts.importFile(viewerId, await fs.readFile(up.file))), status: 'ok' as const };
    } finally {
      await fs.rm(up.file, { force: true });
    }
  });

  r.post(CONTACT_DELETE_PATH, { schema: { tags, summary: 'Delete every imported contact and the import history', response: { 200: ok } } }, async (request) => {
    await contacts.deleteAll(requireSession(request).user.id);
    return { status: 'ok' as const };
  });
}
