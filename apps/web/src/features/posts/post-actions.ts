import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import type { MediaNode, SpamFeedback } from '@shutter/contract';
import { useToast } from '../../app/toast/toast-provider';
import { apiPost } from '../../lib/api';
import { useT } from '../../lib/i18n/i18n';
import { pageDataKey } from '../../lib/page-data';
import { withOptimisticShadow } from '../../lib/shadow-store';
import { localStore } from '../../lib/storage';
import { useSession } from '../auth/session';
import { removeFromFeedCache } from '../feed/feed-api';
import { savedPostsKey } from '../profile/grid-pages';
import { loginRedirectFor, spamFeedbackOf } from './action-rules';
import { removePostFromCaches } from './post-keys';
import { postShadows, type PostView } from './post-shadow';

/** Spec 000 §6: a logged-out visitor who uses a like-related action is sent to login. */
export function useRequireLogin(source = 'likes'): () => boolean {
  const { viewer } = useSession();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return () => {
    const redirect = loginRedirectFor(!!viewer, pathname, search, source);
    if (redirect) void navigate(redirect);
    return !redirect;
  };
}

/** Like and unlike (spec 002 §4): optimistic through the post's shadow, rolled back on failure. */
export function useLikePost(post: MediaNode, view: PostView) {
  const t = useT();
  const { showToast } = useToast();
  const requireLogin = useRequireLogin('likes');
  const [spam, setSpam] = useState<SpamFeedback | null>(null);
  const mutation = useMutation({
    mutationFn: ({ like, count }: { like: boolean; count: number }) =>
      withOptimisticShadow(postShadows, post.id, { liked: like, likeCount: Math.max(0, count + (like ? 1 : -1)) }, () =>
        apiPost(`/web/likes/${post.id}/${like ? 'like' : 'unlike'}/`),
      ),
    onError: (error, { like }) => {
      const feedback = spamFeedbackOf(error);
      if (feedback) setSpam(feedback);
      else showToast({ text: t(like ? 'post.likeFailed' : 'post.unlikeFailed') });
    },
  });
  const setLiked = (like: boolean) => {
    if (!requireLogin() || like === view.liked) return;
    mutation.mutate({ like, count: view.likeCount });
  };
  return { toggle: () => setLiked(!view.liked), like: () => setLiked(true), spam, closeSpam: () => setSpam(null) };
}

/** Save and unsave; spec 002 §4: both refresh the viewer's profile. */
export function useSavePost(post: MediaNode, view: PostView) {
  const t = useT();
  const { showToast } = useToast();
  const { viewer } = useSession();
  const client = useQueryClient();
  const requireLogin = useRequireLogin('save');
  const mutation = useMutation({
    mutationFn: (save: boolean) => withOptimisticShadow(postShadows, post.id, { saved: save }, () => apiPost(`/web/save/${post.id}/${save ? 'save' : 'unsave'}/`)),
    onSuccess: () => {
      if (viewer?.username) void client.invalidateQueries({ queryKey: pageDataKey(`/${viewer.username}/`) });
      // The saved tab refetches when next shown, with this post added or gone.
      void client.invalidateQueries({ queryKey: savedPostsKey });
    },
    onError: (_error, save) => showToast({ text: t(save ? 'post.saveFailed' : 'post.unsaveFailed') }),
  });
  return {
    toggle: () => {
      if (requireLogin()) mutation.mutate(!view.saved);
    },
  };
}

/**
 * Delete (spec 002 §4): on success the post leaves every cached list and `onDeleted` moves on; a
 * failure shows a toast with Retry (R-002-post-actions-7).
 */
export function useDeletePost(post: MediaNode, onDeleted?: () => void) {
  const t = useT();
  const { showToast } = useToast();
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => apiPost<{ did_delete: boolean }>(`/create/${post.id}/delete/`),
    onSuccess: () => {
      postShadows.put(post.id, { ...postShadows.get(post.id), deleted: true });
      removePostFromCaches(client, post);
      removeFromFeedCache(localStore(), post.id);
      showToast({ text: t('post.deleted') });
      onDeleted?.();
    },
    onError: () => showToast({ text: t('post.deleteFailed'), actionText: t('post.retry'), onAction: () => mutation.mutate() }),
  });
  return { remove: () => mutation.mutate(), busy: mutation.isPending };
}
