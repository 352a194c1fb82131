import { useInfiniteQuery } from '@tanstack/react-query';
import type { Edges, ProfileUser } from '@shutter/contract';
import { useI18n } from '../../lib/i18n/i18n';
import { runQuery } from '../../lib/run-query';
import { EmptyState } from '../../ui/empty-state';
import { GRID_PAGE, nextCursor, taggedPostsKey, toGridPage, type GridPage } from './grid-pages';
import { MediaGrid } from './profile-grid';
import type { TaggedNode } from './tag-review-cache';
import { TagReviewBar } from './tag-review-bar';
import { useTagReview } from './tag-review';

function useTaggedPosts(userId: string) {
  return useInfiniteQuery({
    queryKey: taggedPostsKey(userId),
    queryFn: async ({ pageParam }): Promise<GridPage<TaggedNode>> => {
      const data = await runQuery<{ user: { edge_user_to_photos_of_you: Edges<TaggedNode> & { count: number } } }>('tagged_posts', { id: userId, first: GRID_PAGE, after: pageParam });
      return toGridPage(data.user.edge_user_to_photos_of_you);
    },
    initialPageParam: null as string | null,
    getNextPageParam: nextCursor,
  });
}

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
