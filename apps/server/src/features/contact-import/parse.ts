import ICAL from 'ical.js';
import { parse as parseCsv } from 'csv-parse/sync';
import { CONTACT_POINTS_PER_KIND_MAX, CONTACTS_PER_IMPORT_MAX, EMAIL_MAX_LENGTH, normalizePhoneNumber, type ContactSource } from '@shutter/contract';
import { badRequest, HttpError } from '../../platform/errors.js';

/** One person of an address book, with what can find them: lower-case emails and +E.164 numbers. */
export interface ParsedContact {
  name: string;
  emails: string[];
  phones: string[];
}

export interface ParsedContacts {
  source: ContactSource;
  /** Every contact of the file, with or without an email or number. */
  contactCount: number;
  /** Those with at least one email or number. */
  contacts: ParsedContact[];
}

const NOT_CONTACTS = 'Choose a contacts file: a vCard (.vcf) or a CSV export with a header row naming email or phone columns.';
const NAME_MAX = 200;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const tooMany = () => new HttpError(413, `This file holds more than ${CONTACTS_PER_IMPORT_MAX.toLocaleString('en')} contacts. Split it and import each part.`);

export function normalizeEmail(input: string): string | null {
  const email = input.trim().replace(/^mailto:/i, '').toLowerCase();
  return email.length <= EMAIL_MAX_LENGTH && EMAIL.test(email) ? email : null;
}

/** A number as the accounts store it; numbers without their country code cannot be told apart, so they find no one. */
export function normalizePhone(input: string): string | null {
  return normalizePhoneNumber(input.trim().replace(/^tel:/i, ''));
}

function contactOf(name: string, emails: Iterable<string>, phones: Iterable<string>): ParsedContact {
  const keep = (values: Iterable<string>, normalize: (v: string) => string | null) =>
    [...new Set([...values].map(normalize).filter((v): v is string => v !== null))].slice(0, CONTACT_POINTS_PER_KIND_MAX);
  return { name: name.trim().slice(0, NAME_MAX), emails: keep(emails, normalizeEmail), phones: keep(phones, normalizePhone) };
}

/** The text of the file, or a 400 when its bytes are not text (a photo, an archive). */
function textOf(bytes: Buffer): string {
  if (bytes.includes(0)) throw badRequest(NOT_CONTACTS);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw badRequest(NOT_CONTACTS);
  }
}

type JCardProperty = [string, Record<string, unknown>, string, ...unknown[]];
type JCard = ['vcard', JCardProperty[], unknown[]];

const isJCard = (value: unknown): value is JCard => Array.isArray(value) && value[0] === 'vcard' && Array.isArray(value[1]);
const texts = (values: unknown[]): string[] => values.flat(2).filter((v): v is string => typeof v === 'string');

function fromVcards(text: string): ParsedContacts {
  let parsed: unknown;
  try {
    parsed = ICAL.parse(text);
  } catch {
    throw badRequest('This vCard file could not be read. Export your contacts again and choose the new file.');
  }
  const cards = isJCard(parsed) ? [parsed] : Array.isArray(parsed) ? parsed.filter(isJCard) : [];
  if (cards.length === 0) throw badRequest(NOT_CONTACTS);
  if (cards.length > CONTACTS_PER_IMPORT_MAX) throw tooMany();
  const contacts = cards.map(([, properties]) => {
    const valuesOf = (prop: string) => properties.filter((p) => p[0] === prop).flatMap((p) => texts(p.slice(3)));
    const structured = properties.find((p) => p[0] === 'n');
    // N is family;given;additional;prefix;suffix: the given name first reads as people write it.
    const fromN = structured ? texts(structured.slice(3)).filter(Boolean) : [];
    const name = valuesOf('fn')[0] ?? [fromN[1], fromN[0]].filter(Boolean).join(' ');
    return contactOf(name, valuesOf('email'), valuesOf('tel'));
  });
  return { source: 'vcard', contactCount: cards.length, contacts: contacts.filter((c) => c.emails.length + c.phones.length > 0) };
}

/** Column roles by header: Google's "E-mail 1 - Value", Outlook's "E-mail Address" and "Mobile Phone", plain "Email"/"Phone". */
function roleOf(header: string): 'email' | 'phone' | 'name' | 'first' | 'last' | null {
  const h = header.trim().toLowerCase();
  if (/\b(type|label|display as)\b/.test(h)) return null;
  if (/e-?mail/.test(h)) return 'email';
  if (/phone|mobile|\btel\b|telephone|\bcell\b/.test(h)) return 'phone';
  if (/^(first|given) name$/.test(h)) return 'first';
  if (/^(last|family) name$/.test(h)) return 'last';
  if (/^(name|full name|display name)$/.test(h)) return 'name';
  return null;
}

function fromCsv(text: string): ParsedContacts {
  let rows: string[][];
  try {
    rows = parseCsv(text, { relax_column_count: true, skip_empty_lines: true, trim: true, to: CONTACTS_PER_IMPORT_MAX + 2 }) as string[][];
  } catch {
    throw badRequest(NOT_CONTACTS);
  }
  const [header, ...records] = rows;
  const roles = (header ?? []).map(roleOf);
  if (!roles.some((r) => r === 'email' || r === 'phone')) throw badRequest(NOT_CONTACTS);
  if (records.length > CONTACTS_PER_IMPORT_MAX) throw tooMany();
  const contacts = records.map((record) => {
    const cells = (role: string) => record.filter((_, i) => roles[i] === role && record[i]).map((v) => v);
    // Outlook puts several numbers in one cell with ":::" between them.
    const split = (values: string[]) => values.flatMap((v) => v.split(/\s*:::\s*/));
    const name = cells('name')[0] ?? [...cells('first'), ...cells('last')].join(' ');
    return contactOf(name, split(cells('email')), split(cells('phone')));
  });
  return { source: 'csv', contactCount: records.length, contacts: contacts.filter((c) => c.emails.length + c.phones.length > 0) };
}

/** Reads an address book file: vCard 3 or 4 by its content, else CSV with a header row; anything else is a 400. */
export function parseContactsFile(bytes: Buffer): ParsedContacts {
  const text = textOf(bytes);
  const parsed = /^\s*BEGIN:VCARD/i.test(text) ? fromVcards(text) : fromCsv(text);
  if (parsed.contacts.length === 0) throw badRequest('No contact in this file has an email address or a phone number with its country code.');
  return parsed;
}
