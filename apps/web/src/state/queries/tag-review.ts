import { useCallback, useState } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { Edges, MediaNode } from '@shutter/contract';
import { useToast } from '../toast/toast-context';
import { apiPost } from '../../lib/api';
import { useT } from '../../lib/i18n/i18n';
import { pageDataKey } from '../../lib/page-data';
import { runQuery } from '../../lib/run-query';
import { useSession } from '../session';
import { createOptimistic, usePendingAll } from '../optimistic';
import { ACTIVITY_PAGE_PATH, type ActivityFeedData } from './activity';
import { taggedPostsKey } from './post';
import { GRID_PAGE, nextCursor, profilePath, toGridPage, type GridData, type GridPage } from './profile';

/**
 * The tag-review resource: a person's Tagged tab and their review of pending tags
 * (docs/api-accounts.md, "Profile tabs").
 */
/** A tagged post, as `tagged_posts` answers it: the tagged person also sees pending tags. */
export type TaggedNode = MediaNode & { tag_status: 'approved' | 'pending' };

/** Where a post sits in the grid (page and index). */
export interface TaggedSlot {
  node: TaggedNode;
  page: number;
  index: number;
}

export function findTagged(data: GridData<TaggedNode> | undefined, id: string): TaggedSlot | null {
  if (!data) return null;
  for (const [page, { nodes }] of data.pages.entries()) {
    const index = nodes.findIndex((node) => node.id === id);
    if (index >= 0) return { node: nodes[index], page, index };
  }
  return null;
}

function without(data: GridData<TaggedNode>, id: string): GridData<TaggedNode> {
  return { ...data, pages: data.pages.map((page) => ({ ...page, nodes: page.nodes.filter((node) => node.id !== id) })) };
}

/** Remove: the post leaves the tab. */
export function dropTagged(data: GridData<TaggedNode> | undefined, id: string): GridData<TaggedNode> | undefined {
  return data ? without(data, id) : data;
}

/** Approve: the post becomes an approved tag at the front of the tab (the most recent approval). */
export function approveTagged(data: GridData<TaggedNode> | undefined, id: string): GridData<TaggedNode> | undefined {
  const slot = findTagged(data, id);
  if (!data || !slot) return data;
  const rest = without(data, id);
  const [first, ...others] = rest.pages;
  return { ...rest, pages: [{ ...first, nodes: [{ ...slot.node, tag_status: 'approved' }, ...first.nodes] }, ...others] };
}

export type TagReview = 'approve' | 'remove';

/** Pending reviews per post id (state/optimistic.ts); 'pending' is the server's unreviewed tag. */
export const tagReviews = createOptimistic<TagReview | 'pending'>();

/** The tab with reviews applied: removed posts leave it, approved ones move to the front. */
export function withReviews(data: GridData<TaggedNode>, reviews: ReadonlyMap<string, TagReview | 'pending'>): GridData<TaggedNode> {
  let next: GridData<TaggedNode> | undefined = data;
  for (const [id, review] of reviews) {
    if (review === 'approve') next = approveTagged(next, id);
    else if (review === 'remove') next = dropTagged(next, id);
  }
  return next ?? data;
}

/** A page of the Tagged tab; the tagged person's own tab also says whether new tags wait for their review. */
export type TaggedPage = GridPage<TaggedNode> & { reviewsTags?: boolean };

/** The Tagged tab, as the viewer sees it: the server's grid with the pending reviews applied. */
export function useTaggedPosts(userId: string) {
  const reviews = usePendingAll(tagReviews);
  const select = useCallback((data: GridData<TaggedNode>) => (reviews.size ? withReviews(data, reviews) : data), [reviews]);
  return useInfiniteQuery({
    queryKey: taggedPostsKey(userId),
    queryFn: async ({ pageParam }): Promise<TaggedPage> => {
      const data = await runQuery<{ user: { edge_user_to_photos_of_you: Edges<TaggedNode> & { count: number }; usertag_review_enabled?: boolean } }>('tagged_posts', {
        id: userId,
        first: GRID_PAGE,
        after: pageParam,
      });
      return { ...toGridPage(data.user.edge_user_to_photos_of_you), reviewsTags: data.user.usertag_review_enabled };
    },
    initialPageParam: null as string | null,
    getNextPageParam: nextCursor,
    select,
  });
}

/**
 * The tagged person's review of a pending tag, optimistic: remove drops the post from the tab,
 * approve moves it to the front; a failure shows the tab as the server has it and toasts.
 */
export function useTagReview(userId: string) {
  const client = useQueryClient();
  const t = useT();
  const { showToast } = useToast();
  const key = taggedPostsKey(userId);
  return {
    mutate: ({ node, review }: { node: TaggedNode; review: TagReview }) => {
      tagReviews
        .request(node.id, review, {
          server: 'pending',
          send: async (value) => {
            if (value !== 'pending') await apiPost<{ status: 'ok' }>(`/web/usertags/${node.id}/${value}/`);
            return value;
          },
          commit: (value) => client.setQueryData<GridData<TaggedNode>>(key, (data) => (data ? withReviews(data, new Map([[node.id, value]])) : data)),
        })
        .catch(() => showToast({ text: t(review === 'approve' ? 'graph.approveTagFailed' : 'graph.removeTagFailed', { username: node.owner.username }) }));
    },
  };
}

/** The activity feed with the viewer's tag on `mediaId` marked as reviewed. */
export function reviewedInActivity(data: ActivityFeedData | undefined, mediaId: string, review: TagReview): ActivityFeedData | undefined {
  if (!data) return data;
  const feed = data.graphql.user.activity_feed;
  const edges = feed.edge_web_activity_feed.edges.map((edge) =>
    edge.node.type === 'usertag' && edge.node.media?.id === mediaId ? { node: { ...edge.node, tag_status: review === 'approve' ? ('approved' as const) : null } } : edge,
  );
  return { ...data, graphql: { user: { activity_feed: { ...feed, edge_web_activity_feed: { edges } } } } };
}

/**
 * The review of a tag from the activity feed: once the server took it, the story says so, and the
 * viewer's Tagged tab and profile count load again. A failure toasts and leaves the story as it was.
 */
export function useActivityTagReview() {
  const client = useQueryClient();
  const t = useT();
  const { showToast } = useToast();
  const { viewer } = useSession();
  const [done, setDone] = useState<ReadonlyMap<string, TagReview>>(new Map());
  const mutation = useMutation({
    mutationFn: async ({ mediaId, review }: { mediaId: string; review: TagReview; owner: string }) => {
      await apiPost<{ status: 'ok' }>(`/web/usertags/${mediaId}/${review}/`);
    },
    onSuccess: (_answer, { mediaId, review }) => {
      setDone((map) => new Map(map).set(mediaId, review));
      client.setQueryData<ActivityFeedData>(pageDataKey(ACTIVITY_PAGE_PATH), (data) => reviewedInActivity(data, mediaId, review));
      if (!viewer) return;
      void client.invalidateQueries({ queryKey: taggedPostsKey(viewer.id) });
      void client.invalidateQueries({ queryKey: pageDataKey(profilePath(viewer.username)) });
    },
    onError: (_error, { review, owner }) => showToast({ text: t(review === 'approve' ? 'graph.approveTagFailed' : 'graph.removeTagFailed', { username: owner }) }),
  });
  return {
    review: (mediaId: string, review: TagReview, owner: string) => mutation.mutate({ mediaId, review, owner }),
    /** The review being sent for this post, if any. */
    sending: (mediaId: string): TagReview | null => (mutation.isPending && mutation.variables?.mediaId === mediaId ? mutation.variables.review : null),
    /** The review this screen made of this post, once the server took it. */
    done: (mediaId: string): TagReview | null => done.get(mediaId) ?? null,
  };
}

/** Whether new tags of the viewer wait for their approval: the switch on their own Tagged tab. */
export function useTagReviewSetting(userId: string) {
  const client = useQueryClient();
  const t = useT();
  const { showToast } = useToast();
  return useMutation({
    mutationFn: (enabled: boolean) => apiPost<{ status: 'ok'; usertag_review_enabled: boolean }>('/accounts/set_usertag_review/', { enabled: String(enabled) }),
    onSuccess: (answer) => {
      client.setQueryData<InfiniteData<TaggedPage>>(taggedPostsKey(userId), (data) =>
        data ? { ...data, pages: data.pages.map((page, i) => (i === 0 ? { ...page, reviewsTags: answer.usertag_review_enabled } : page)) } : data,
      );
      showToast({ text: t(answer.usertag_review_enabled ? 'post.tags.reviewOn' : 'post.tags.reviewOff') });
    },
    onError: () => showToast({ text: t('post.tags.reviewFailed') }),
  });
}
