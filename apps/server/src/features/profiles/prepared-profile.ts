import type { ProfileUser } from '@shutter/contract';
import { createPreparedAnswers, type PreparedAnswers } from '../../platform/prepared-answers.js';
import type { ForgetListener, SummaryCaches } from '../../platform/summary-cache.js';
import type { Access, AccountView } from '../access/service.js';
import type { Relationship } from '../access/repository.js';

/** A profile's page data as built for one viewer, with what the access rules decided then. */
export interface ProfileAnswer {
  user: ProfileUser;
  show_suggested_profiles: boolean;
  ownerId: string;
  view: AccountView;
  rel: Relationship;
}
export type PreparedProfiles = PreparedAnswers<ProfileAnswer>;

/** Logged-out visitors all see the same profile: they share one answer. */
export const VISITOR = '-';
/** Profiles kept for all visitors together: a public site's visitors open many. */
const VISITOR_PROFILES_KEPT = 1_000;

/**
 * Whether a kept profile is checked against the access rules before it is served again. Only a
 * bench turns it off, to measure what the check costs; writes alone would then keep it right.
 */
export const profileReadCheck = { on: true };

/**
 * Each viewer's profile pages kept ready (variant: the username asked for, as usernames are
 * matched). Writes drop them: their owner's and the viewer's, those of the people they name, the
 * grid's posts forgotten, and `wrote(ownerId)` for what others do to the owner (follows, blocks,
 * a video finished encoding).
 */
export function createPreparedProfiles(
  caches: SummaryCaches,
  summaries: { posts: { onForget(l: ForgetListener): void }; people: { onForget(l: ForgetListener): void } },
): PreparedProfiles {
  return createPreparedAnswers<ProfileAnswer>('profile-prepared', caches, summaries, { shared: { key: VISITOR, kept: VISITOR_PROFILES_KEPT } });
}

/**
 * The access rules decide again at every read. A viewer shown posts, logged out too: whether they
 * may still see each of them (a block either way, the owner gone or private, a post removed), from
 * the verdicts the rules remember, with no statement. A viewer shown no posts: how they stand with
 * the account now against how it stood then (its privacy, its standing, a block, a follow).
 */
export async function stillAllowed(access: Access, viewerId: string | null, ready: { answer: ProfileAnswer; shown: string[] }): Promise<boolean> {
  if (!profileReadCheck.on) return true;
  if (ready.shown.length > 0) return access.allStillVisible(viewerId, ready.shown);
  const now = await access.account(viewerId, ready.answer.ownerId);
  return now.view === ready.answer.view && sameRelationship(now.rel, ready.answer.rel);
}

function sameRelationship(a: Relationship, b: Relationship): boolean {
  return (Object.keys(a) as (keyof Relationship)[]).every((k) => a[k] === b[k]);
}
