import type { ProfileUser } from '@shutter/contract';
import { usePageData } from '../../lib/page-data';
import type { RelationshipFields } from '../friendships/friendship-state';

/** `graphql.user` with the viewer's relationship (docs/api-graph.md). */
export type ProfileUserView = ProfileUser & RelationshipFields & { has_requested_viewer?: boolean };

export interface ProfilePageData {
  graphql: { user: ProfileUserView };
  /** Whether this profile offers similar accounts to the viewer (signed in, not the owner, allowed by the owner). */
  show_suggested_profiles?: boolean;
  status: 'ok';
}

export const profilePath = (username: string) => `/${username}/`;

/** The profile's page data; the follow lists share it (same key), so opening one costs no request. */
export function useProfileData(username: string, { enabled = true } = {}) {
  return usePageData<ProfilePageData>(profilePath(username), { enabled });
}

/**
 * A private account shows its posts and lists only to its owner and approved followers. The
 * server's field decides, not the optimistic button: the grid needs the server to agree.
 */
export function canSeeContent(user: ProfileUserView, isOwner: boolean): boolean {
  return isOwner || !user.is_private || !!user.followed_by_viewer;
}
