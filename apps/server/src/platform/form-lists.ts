import { z } from 'zod';

interface ListOptions {
  /** Absent or empty means an empty list (otherwise the list is required). */
  absentIsEmpty?: boolean;
  /** What the 400 says when the field is not JSON. */
  notJson?: string;
}

/**
 * A list sent either as JSON text in a form field (`user_ids=["1","2"]`) or as a list in a JSON
 * body; the item schema and its bounds check what it holds. Forms cannot send arrays, and the web
 * client and the spec's callers send both ways.
 */
export function jsonList<T extends z.ZodType>(list: T, { absentIsEmpty = false, notJson = 'Expected a JSON list.' }: ListOptions = {}) {
  return z.preprocess((value, ctx) => {
    if (absentIsEmpty && (value === undefined || value === '')) return [];
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: notJson });
      return z.NEVER;
    }
  }, list);
}
