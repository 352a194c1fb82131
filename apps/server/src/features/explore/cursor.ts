import { z } from 'zod';
import { isId } from '@shutter/contract';
import { badRequest } from '../../platform/errors.js';
import { MAX_CLUSTERS } from './ranking.js';

/**
 * Explore's opaque cursor: the snapshot the session pages through, the (weighted score, id) of
 * the last post shown, and the viewer's cluster weights as they were on the first page (by the
 * cluster's position in the snapshot), so that every page of a session ranks the same way.
 */
export interface ExploreCursor {
  snapshot: string;
  score: number;
  id: string;
  weights: [number, number][];
}

const id = z.string().refine(isId);
const schema = z.object({
  s: id,
  f: z.number().finite().nonnegative(),
  i: id,
  w: z.array(z.tuple([z.number().int().min(0).max(MAX_CLUSTERS - 1), z.number().finite().min(0.01).max(100)])).max(MAX_CLUSTERS),
});

export function encodeExploreCursor(c: ExploreCursor): string {
  return Buffer.from(JSON.stringify({ s: c.snapshot, f: c.score, i: c.id, w: c.weights })).toString('base64url');
}

export function decodeExploreCursor(cursor: string): ExploreCursor {
  try {
    const c = schema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    return { snapshot: c.s, score: c.f, id: c.i, weights: c.w };
  } catch {
    throw badRequest('The page cursor is not valid.');
  }
}
