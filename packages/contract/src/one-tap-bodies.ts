import { z } from 'zod';
import { isId } from './ids.js';

/** The request bodies of one-tap login (one-tap.ts has its numbers and shapes). */

const userId = z.string().refine(isId, 'Unknown account.');

export const oneTapLoginBody = z.object({
  user_id: userId,
  /** Single use: the one the landing data carried for this account, minted for that render. */
  login_nonce: z.string().min(1).max(200),
});
export type OneTapLoginBody = z.infer<typeof oneTapLoginBody>;

export const oneTapRemoveBody = z.object({ user_id: userId });
