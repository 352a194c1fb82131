import type { ProfileUser } from '@shutter/contract';
import { useI18n } from '../../lib/i18n/i18n';
import { EmptyState } from '../../ui/empty-state';
import { useTaggedPosts, useTagReview } from '../../state/queries/tag-review';
import { MediaGrid } from './profile-grid';
import { TagReviewBar } from './tag-review-bar';

/** The Tagged tab: posts the user is tagged in; the tagged person reviews pending tags in place. */
export function TaggedGrid({ user, isOwner }: { user: ProfileUser; isOwner: boolean }) {
  const { t } = useI18n();
  const query = useTaggedPosts(user.id);
  const review = useTagReview(user.id);
  const empty = <EmptyState icon="tag" title={t('profile.noTagged')} body={t('profile.noTaggedBody')} />;
  return (
    <MediaGrid
      query={query}
      label={t('graph.taggedLabel', { username: user.username })}
      empty={empty}
      isOwner={false}
      tileExtra={(post) =>
        isOwner && post.tag_status === 'pending' ? (
          <TagReviewBar post={post} onApprove={() => review.mutate({ node: post, review: 'approve' })} onRemove={() => review.mutate({ node: post, review: 'remove' })} />
        ) : null
      }
    />
  );
}
