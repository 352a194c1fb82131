/**
 * Finding friends from an address book: a vCard or CSV file the person chooses, matched only on
 * confirmed emails and phone numbers. What was imported stays the person's own and is deleted on
 * their word. (Confirming one's own email and phone number is contacts.ts.)
 */

export const CONTACT_IMPORT_PATH = '/accounts/contacts/import/';
export const CONTACT_DELETE_PATH = '/accounts/contacts/delete/';
export const CONTACT_HISTORY_PATH = '/accounts/contact_history/';
/** The multipart field of the file. */
export const CONTACT_FILE_FIELD = 'file';

export const CONTACT_FILE_MAX_BYTES = 1024 * 1024;
export const CONTACT_FILE_MAX_MB = 1;
export const CONTACTS_PER_IMPORT_MAX = 5000;
/** A contact's emails and phone numbers past these are not kept (no address book holds more per person). */
export const CONTACT_POINTS_PER_KIND_MAX = 10;
/** The people the history shows at most (those found most recently first). */
export const CONTACT_MATCHES_SHOWN_MAX = 500;
/** The imports the history lists (newest first). */
export const CONTACT_IMPORTS_SHOWN_MAX = 50;

export const CONTACT_SOURCES = ['vcard', 'csv'] as const;
export type ContactSource = (typeof CONTACT_SOURCES)[number];

/** Imports per account (each reads a whole address book). */
export const CONTACT_IMPORT_LIMIT = { max: 20, windowMs: 60 * 60_000 };
