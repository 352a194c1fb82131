import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../app/toast/toast-provider';
import { apiPost } from '../../lib/api';
import { useT } from '../../lib/i18n/i18n';
import { taggedPostsKey, type GridData } from './grid-pages';
import { approveTagged, dropTagged, findTagged, restoreTagged, type TaggedNode, type TaggedSlot } from './tag-review-cache';

export type TagReview = 'approve' | 'remove';

/**
 * The tagged person's review of a pending tag (docs/api-accounts.md, "Profile tabs"), optimistic:
 * remove drops the post from the tab, approve moves it to the front; a failure puts it back and toasts.
 */
export function useTagReview(userId: string) {
  const client = useQueryClient();
  const t = useT();
  const { showToast } = useToast();
  const key = taggedPostsKey(userId);
  return useMutation({
    mutationFn: ({ node, review }: { node: TaggedNode; review: TagReview }) => apiPost<{ status: 'ok' }>(`/web/usertags/${node.id}/${review}/`),
    onMutate: async ({ node, review }): Promise<{ slot: TaggedSlot | null }> => {
      await client.cancelQueries({ queryKey: key });
      const slot = findTagged(client.getQueryData<GridData<TaggedNode>>(key), node.id);
      client.setQueryData<GridData<TaggedNode>>(key, (data) => (review === 'approve' ? approveTagged(data, node.id) : dropTagged(data, node.id)));
      return { slot };
    },
    onError: (_error, { node, review }, context) => {
      const slot = context?.slot;
      if (slot) client.setQueryData<GridData<TaggedNode>>(key, (data) => restoreTagged(data, slot));
      showToast({ text: t(review === 'approve' ? 'graph.approveTagFailed' : 'graph.removeTagFailed', { username: node.owner.username }) });
    },
  });
}
