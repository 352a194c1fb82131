import { z } from 'zod';
import { isId, type PageInfo } from '@shutter/contract';
import { badRequest } from './errors.js';

/**
 * Opaque keyset cursors: the sort key of the last row, base64url-encoded JSON. Every list pages
 * this way (never OFFSET), so a page costs the same however deep it is.
 */
const cursorSchema = z.array(z.union([z.string().max(64), z.number().finite()])).min(1).max(4);
export type CursorKey = z.infer<typeof cursorSchema>;

export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

export function decodeCursor(cursor: string, arity: number): CursorKey {
  try {
    const parsed = cursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (parsed.length !== arity) throw new Error('arity');
    return parsed;
  } catch {
    throw badRequest('The page cursor is not valid.');
  }
}


/**
 * Cuts a result fetched with limit `first + 1` into a page: the extra row only says a next page exists.
 */
export function toPage<T>(rows: T[], first: number, keyOf: (row: T) => CursorKey): { items: T[]; page_info: PageInfo } {
  const items = rows.slice(0, first);
  const hasNext = rows.length > first;
  const last = items[items.length - 1];
  return {
    items,
    page_info: { has_next_page: hasNext, end_cursor: hasNext && last !== undefined ? encodeCursor(keyOf(last)) : null },
  };
}

/** The id a list continues after (or before), from a one-key cursor; null on the first page. */
export function decodeIdCursor(after: string | null | undefined): string | null {
  if (!after) return null;
  const id = String(decodeCursor(after, 1)[0]);
  if (!isId(id)) throw badRequest('The page cursor is not valid.');
  return id;
}
