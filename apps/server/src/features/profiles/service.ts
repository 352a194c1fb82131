import { GRID_PAGE_SIZE, STORY_TTL_MS, type ProfileUser } from '@shutter/contract';
import { userNotFound } from '../../platform/errors.js';
import { profilePicUrls } from '../../platform/presenters.js';
import type { Storage } from '../../platform/storage.js';
import type { Access } from '../access/service.js';
import type { AccountsRepository } from '../accounts/repository.js';
import type { ProfilePosts } from './posts.js';
import type { ProfileTabs } from '../tabs/service.js';
import type { StoryRings } from '../stories/rings.js';
import { stillAllowed, VISITOR, type PreparedProfiles, type ProfileAnswer } from './prepared-profile.js';

/** A ring's newest story expires without any write: a kept profile showing it is not served past then. */
const ringStillLive = (answer: ProfileAnswer) => !answer.user.reel || Date.now() < answer.user.reel.latest_reel_media * 1000 + STORY_TTL_MS;

/** A profile as a viewer sees it: the header always, the first posts when the access rules allow. */
export function createProfiles(deps: {
  users: AccountsRepository; access: Access; posts: ProfilePosts; tabs: ProfileTabs; storage: Storage; rings: Pick<StoryRings, 'ringsFor'>;
  prepared?: PreparedProfiles;
}) {
  async function build(username: string, viewerId: string | null): Promise<{ answer: ProfileAnswer; skeleton: string[]; shown: string[] }> {
    const row = await deps.users.findByUsername(username);
    if (!row) throw userNotFound();
    // The header shows to anyone the account exists for; one that blocked the viewer does not.
    const access = await deps.access.requireAccount(viewerId, row.id, 'header', row);
    const pics = profilePicUrls(row, deps.storage);
    const [counts, tagged, firstPage, rings] = await Promise.all([
      deps.posts.profileCounts(row.id, viewerId),
      deps.tabs.taggedCount(row.id, viewerId),
      access.view === 'visible' ? deps.posts.profilePosts(row.id, viewerId, GRID_PAGE_SIZE, null) : null,
      deps.rings.ringsFor(viewerId, [row.id]),
    ]);
    const user: ProfileUser = {
      id: row.id,
      username: row.username,
      full_name: row.full_name,
      biography: row.biography,
      external_url: row.external_url,
      profile_pic_url: pics.profile_pic_url,
      profile_pic_url_hd: pics.profile_pic_url_hd,
      is_private: row.is_private,
      is_verified: row.is_verified,
      edge_followed_by: { count: counts.followers },
      edge_follow: { count: counts.following },
      edge_owner_to_timeline_media: firstPage ? { count: counts.posts, edges: firstPage.edges, page_info: firstPage.page_info } : { count: counts.posts },
      edge_user_to_photos_of_you: { count: tagged },
      followed_by_viewer: access.rel.following,
      follows_viewer: access.rel.followed_by,
      requested_by_viewer: access.rel.requested,
      has_requested_viewer: access.rel.has_requested_viewer,
      blocked_by_viewer: access.rel.blocking,
      reel: rings.get(row.id) ?? null,
    };
    // Chaining shows on other people's profiles when their owner allows it (the edit form's switch).
    const showSuggested = viewerId !== null && viewerId !== row.id && row.chaining_enabled && access.view !== 'blocked';
    const grid = firstPage ? firstPage.edges.map((e) => e.node.id) : [];
    return { answer: { user, show_suggested_profiles: showSuggested, ownerId: row.id, view: access.view, rel: access.rel }, skeleton: grid, shown: grid };
  }

  return {
    async view(username: string, viewerId: string | null): Promise<ProfileAnswer> {
      const { prepared } = deps;
      if (!prepared) return (await build(username, viewerId)).answer;
      const key = viewerId ?? VISITOR;
      const variant = username.toLowerCase();
      const ready = prepared.get(key, variant);
      // The access module decides at every read: a kept profile it now answers differently is built anew.
      if (ready && ringStillLive(ready.answer) && (await stillAllowed(deps.access, viewerId, ready))) return ready.answer;
      const ticket = prepared.ticket();
      const built = await build(username, viewerId);
      prepared.keep(key, variant, ticket, built);
      return built.answer;
    },
  };
}
export type Profiles = ReturnType<typeof createProfiles>;
