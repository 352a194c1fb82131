/** Which follow list a path names (R-002-follow-lists-1). */
export type FollowListType = 'followers' | 'following';
export type MutualMode = 'mutualOnly' | 'mutualFirst' | null;

export interface FollowListPath {
  username: string;
  type: FollowListType;
  mutual: MutualMode;
}

const PATTERN = /^\/([^/]+)\/(followers|following)\/(?:(mutualOnly|mutualFirst)\/)?$/;

/** `/{username}/followers/` or `/following/`, optionally followed by `mutualOnly/` or `mutualFirst/`. */
export function parseFollowListPath(pathname: string): FollowListPath | null {
  const match = PATTERN.exec(pathname);
  if (!match) return null;
  return { username: decodeURIComponent(match[1]!), type: match[2] as FollowListType, mutual: (match[3] as MutualMode) ?? null };
}

export const followListPath = (username: string, type: FollowListType) => `/${username}/${type}/`;
