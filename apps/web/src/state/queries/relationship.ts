/** The viewer's relationship to another account, as one of the follow button's states. */
export type Relationship = 'none' | 'following' | 'requested' | 'blocked';

/** The relationship fields the server sends with `graphql.user` and with follow-list rows. */
export interface RelationshipFields {
  followed_by_viewer?: boolean;
  requested_by_viewer?: boolean;
  blocked_by_viewer?: boolean;
  follows_viewer?: boolean;
}

/** Who a follow button acts on: enough to post the call and word the confirmation. */
export interface FollowTarget extends RelationshipFields {
  id: string;
  username: string;
  is_private: boolean;
}

/** A block wins over everything; a follow over a (stale) request. */
export function relationshipOf(fields: RelationshipFields): Relationship {
  if (fields.blocked_by_viewer) return 'blocked';
  if (fields.followed_by_viewer) return 'following';
  if (fields.requested_by_viewer) return 'requested';
  return 'none';
}

/** What a follow call leaves behind: the server's `result`, else a guess from the account's privacy. */
export function afterFollow(result: string | undefined, isPrivate: boolean): Relationship {
  if (result === 'requested') return 'requested';
  if (result === 'following') return 'following';
  return isPrivate ? 'requested' : 'following';
}

/** The relationship fields a relationship stands for, as the server would send them. */
export function fieldsOf(relationship: Relationship): Required<Omit<RelationshipFields, 'follows_viewer'>> {
  return {
    followed_by_viewer: relationship === 'following',
    requested_by_viewer: relationship === 'requested',
    blocked_by_viewer: relationship === 'blocked',
  };
}
