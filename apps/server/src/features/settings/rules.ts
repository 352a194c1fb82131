import type { InteractionAudience } from '@shutter/contract';
import { badRequest } from '../../platform/errors.js';
import { extractMentions } from '../posts/caption.js';
import { wordMatcher } from './keywords.js';
import type { SettingsRepository } from './repository.js';
import { settingsOf } from './values.js';

export interface InteractionRulesDeps {
  repo: Pick<SettingsRepository, 'many' | 'one'>;
  /** Of these people, those who follow `userId`. */
  followersAmong(userId: string, userIds: string[]): Promise<Set<string>>;
  /** The accounts of these (lower-cased) usernames. */
  usersByUsernames(names: string[]): Promise<{ id: string; username_lower: string }[]>;
  usernames(ids: string[]): Promise<Map<string, string>>;
  /** The operator's offensive words, on top of nobody's keywords. */
  offensiveWords: readonly string[];
}

const list = (names: string[]) => names.map((n) => `@${n}`).join(', ');

/**
 * What each person's settings change in what the service does for others: who may mention or tag
 * them, whether their story may be shared, whether their activity status shows, and which comments
 * on their posts are hidden. Each check reads the settings of all the people concerned at once.
 */
export function createInteractionRules(deps: InteractionRulesDeps) {
  const offensive = wordMatcher(deps.offensiveWords);

  /** Of these people (not the author), those whose setting refuses the author. */
  async function refusing(authorId: string, ids: string[], setting: 'mentions_from' | 'usertags_from'): Promise<string[]> {
    const others = [...new Set(ids)].filter((id) => id !== authorId);
    if (others.length === 0) return [];
    const rows = await deps.repo.many(others);
    const audience = (id: string): InteractionAudience => settingsOf(rows.get(id))[setting];
    const followersOnly = others.filter((id) => audience(id) === 'following');
    const following = followersOnly.length ? await deps.followersAmong(authorId, followersOnly) : new Set<string>();
    return others.filter((id) => audience(id) === 'none' || (audience(id) === 'following' && !following.has(id)));
  }

  return {
    /** A 400 naming the people mentioned in the text who don't allow mentions from the author. */
    async checkMentions(authorId: string, text: string): Promise<void> {
      const names = extractMentions(text);
      if (names.length === 0) return;
      const people = await deps.usersByUsernames(names);
      const refused = new Set(await refusing(authorId, people.map((p) => p.id), 'mentions_from'));
      if (refused.size === 0) return;
      const who = people.filter((p) => refused.has(p.id)).map((p) => p.username_lower);
      throw badRequest(`${list(who)} ${who.length === 1 ? "doesn't" : "don't"} allow mentions from you. Remove the mention to post.`, { error_type: 'mention_not_allowed', usernames: who });
    },

    /** A 400 naming the tagged people who don't allow tags from the author. */
    async checkUsertags(authorId: string, taggedIds: string[]): Promise<void> {
      const refused = await refusing(authorId, taggedIds, 'usertags_from');
      if (refused.length === 0) return;
      const names = await deps.usernames(refused);
      const who = refused.map((id) => names.get(id) ?? id);
      throw badRequest(`${list(who)} ${who.length === 1 ? "doesn't" : "don't"} allow tags from you. Remove the tag to post.`, { error_type: 'usertag_not_allowed', usernames: who });
    },

    /** Whether others may share this person's stories in messages. */
    async storySharing(ownerId: string): Promise<boolean> {
      return settingsOf(await deps.repo.one(ownerId)).story_sharing;
    },

    /** Of these people, those whose activity status is hidden. */
    async presenceHidden(userIds: string[]): Promise<Set<string>> {
      const rows = await deps.repo.many(userIds);
      return new Set([...rows.values()].filter((r) => r.presence_disabled).map((r) => r.user_id));
    },

    /**
     * Comments the viewer is shown: on a post whose owner turned the filter on, a comment with an
     * offensive word or one of the owner's keywords shows to its author alone. The owner's own
     * comments are never hidden from anyone.
     */
    async keepShownComments<T extends { user_id: string; media_id: string; text: string }>(rows: T[], viewerId: string | null, ownerOf: Map<string, string>): Promise<T[]> {
      const candidates = rows.filter((r) => r.user_id !== viewerId && ownerOf.get(r.media_id) !== r.user_id);
      if (candidates.length === 0) return rows;
      const owners = await deps.repo.many(candidates.map((r) => ownerOf.get(r.media_id)).filter((id): id is string => id !== undefined));
      const matchers = new Map<string, (text: string) => boolean>();
      for (const row of owners.values()) {
        if (!row.comment_filter_on) continue;
        const own = wordMatcher(row.comment_keywords);
        matchers.set(row.user_id, (text) => offensive(text) || own(text));
      }
      if (matchers.size === 0) return rows;
      const hidden = new Set(candidates.filter((r) => matchers.get(ownerOf.get(r.media_id)!)?.(r.text)));
      return hidden.size ? rows.filter((r) => !hidden.has(r)) : rows;
    },
  };
}
export type InteractionRules = ReturnType<typeof createInteractionRules>;
