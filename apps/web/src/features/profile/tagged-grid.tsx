import type { ProfileUser } from '@shutter/contract';
import { useI18n } from '../../lib/i18n/i18n';
import { EmptyState } from '../../ui/empty-state';
import { useTaggedPosts, useTagReview, type TaggedPage } from '../../state/queries/tag-review';
import { MediaGrid } from './profile-grid';
import { TagReviewBar } from './tag-review-bar';
import { TagReviewSwitch } from './tag-review-switch';

/**
 * The Tagged tab: posts the user is tagged in; the tagged person reviews pending tags in place and
 * chooses whether new tags wait for their approval.
 */
export function TaggedGrid({ user, isOwner }: { user: ProfileUser; isOwner: boolean }) {
  const { t } = useI18n();
  const query = useTaggedPosts(user.id);
  const review = useTagReview(user.id);
  const empty = <EmptyState icon="tag" title={t('profile.noTagged')} body={t('profile.noTaggedBody')} />;
  const reviews = (query.data?.pages[0] as TaggedPage | undefined)?.reviewsTags;
  return (
    <>
      {isOwner && reviews !== undefined ? <TagReviewSwitch userId={user.id} reviews={reviews} /> : null}
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
    </>
  );
}
