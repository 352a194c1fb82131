import { badRequest, failWith, type HttpError } from '../../platform/errors.js';

/**
 * What a viewer may see of an account:
 * - absent: there is no such account, or it blocked the viewer (for whom it does not exist);
 * - blocked: the viewer blocked it: its header shows (to unblock), nothing else;
 * - private: a private account the viewer does not follow: its header and counts, no content;
 * - visible: its posts and lists.
 */
export type AccountView = 'absent' | 'blocked' | 'private' | 'visible';

/**
 * The one place where the access rules' decisions become HTTP answers. Where the viewer may not
 * learn that a thing exists, the refusal is the very 404 of a thing that does not exist, so that
 * it tells nothing; where they already know it is there, the answer says why they are refused.
 */
const ANSWERS = {
  /** No such account, or one that blocked the viewer: for them it does not exist, so 404. */
  account_absent: () => failWith(404, { code: 'user_not_found' }),
  /** Content of an account the viewer blocked: they know it is there (they blocked it), so 403. */
  account_blocked: () => failWith(403, { code: 'blocked_account' }),
  /** Content of a private account the viewer does not follow: its header shows it is there, so 403. */
  account_private: () => failWith(403, { code: 'private_account' }),
  /**
   * Accounts like one the viewer blocked: chaining is never offered across a block, and the
   * contract answers it as for an account it cannot show at all (404), not as a refusal.
   */
  chaining_blocked: () => failWith(404, { code: 'user_not_found' }),
  /** Following an account the viewer blocked: the viewer can fix the request (unblock first), so 400. */
  follow_blocked: () => badRequest('Unblock this account before you follow it.'),
  /**
   * Writing to someone a block stands between: the writer knows the person (or the thread), so
   * the message is refused (403), not told the thread is gone.
   */
  message_blocked: () => failWith(403, { code: 'direct_cannot_message' }),
  /**
   * A direct thread the viewer is not in (never was, left, removed), or a one-to-one thread to
   * read across a block: whether it exists is not revealed (404).
   */
  thread_absent: () => failWith(404, { code: 'thread_not_found' }),
  /** A post the viewer may not see: whether it exists is not revealed (404). */
  post_hidden: () => failWith(404, { code: 'post_not_found' }),
  /** A story the viewer may not see (expired, close friends', a private or blocked owner's): 404, as for none. */
  story_hidden: () => failWith(404, { code: 'story_not_found' }),
} satisfies Record<string, () => HttpError>;

export type Refusal = keyof typeof ANSWERS;

/** The answer to a refusal of the access rules. */
export const refuse = (why: Refusal): HttpError => ANSWERS[why]();

/**
 * What a surface needs of an account, as the refusal of each view it cannot serve (a view not
 * named is served):
 * - header: the account itself (a profile's header): only its absence refuses;
 * - people: the accounts like it (chaining): shown for private accounts too, never across a block;
 * - follow: a follow or a request: refused across a block;
 * - message: a direct thread with the person: refused across a block;
 * - content: its posts, stories and lists: refused when private or blocked too.
 */
const NEEDS = {
  header: { absent: 'account_absent' },
  people: { absent: 'account_absent', blocked: 'chaining_blocked' },
  follow: { absent: 'account_absent', blocked: 'follow_blocked' },
  message: { absent: 'account_absent', blocked: 'message_blocked' },
  content: { absent: 'account_absent', blocked: 'account_blocked', private: 'account_private' },
} as const satisfies Record<string, Partial<Record<AccountView, Refusal>>>;

export type AccountNeed = keyof typeof NEEDS;

/** Views in the order refusals are told: the one that hides the account first, so that a 404 never gives way to a 403 that would reveal it. */
const ORDER: readonly AccountView[] = ['absent', 'blocked', 'private'];

/** The refusal of these views for a surface with this need, the hiding one first; null when it serves them all. */
export function refusalOf(views: readonly AccountView[], need: AccountNeed): Refusal | null {
  const refusals: Partial<Record<AccountView, Refusal>> = NEEDS[need];
  for (const view of ORDER) {
    const why = refusals[view];
    if (why && views.includes(view)) return why;
  }
  return null;
}
