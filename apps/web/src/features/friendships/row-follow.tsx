import type { UserSummary } from '@shutter/contract';
import { useSession } from '../../state/session';
import { FollowButton } from './follow-button';
import type { RelationshipFields } from '../../state/queries/relationship';

/** The follow button at the end of a person's row: none for a visitor, nor on the viewer's own row. */
export function useRowFollow() {
  const { viewer } = useSession();
  return (user: UserSummary & RelationshipFields) => (viewer && user.id !== viewer.id ? <FollowButton user={user} compact /> : null);
}
