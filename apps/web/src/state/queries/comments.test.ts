import { describe, expect, it } from 'vitest';
import { createOptimistic } from '../optimistic';
import { commentViewOf, withCommentLike } from './comments';
import { emptyPendingComment, pendingCommentReducer } from './pending-comment';
import type { CommentNode } from '@shutter/contract';

const comment = (liked: boolean, count: number) =>
  ({ id: 'c1', viewer_has_liked: liked, edge_liked_by: { count } }) as unknown as CommentNode;

describe('comment likes', () => {
  it('R-000-comment-likes-1 / R-002-comments-1: liking updates at once and rolls back on failure', async () => {
    const likes = createOptimistic<boolean>();
    const server = comment(false, 4);
    let during: unknown;
    const ok = likes.request('c1', true, {
      server: false,
      send: async (value) => {
        during = commentViewOf(server, likes.pending('c1'));
        return value;
      },
    });
    await ok;
    expect(during).toMatchObject({ liked: true, likeCount: 5 });
    const failing = likes.request('c1', true, { server: false, send: () => Promise.reject(new Error('500')) });
    expect(commentViewOf(server, likes.pending('c1'))).toMatchObject({ liked: true, likeCount: 5 });
    await expect(failing).rejects.toThrow('500');
    expect(commentViewOf(server, likes.pending('c1'))).toMatchObject({ liked: false, likeCount: 4 });
  });

  it('R-000-comment-likes-2 / R-002-comments-2: unliking updates at once and rolls back on failure', async () => {
    const likes = createOptimistic<boolean>();
    const server = comment(true, 1);
    const request = likes.request('c1', false, { server: true, send: () => Promise.reject(new Error('offline')) });
    expect(commentViewOf(server, likes.pending('c1'))).toMatchObject({ liked: false, likeCount: 0 });
    await expect(request).rejects.toThrow('offline');
    expect(commentViewOf(server, likes.pending('c1'))).toMatchObject({ liked: true, likeCount: 1 });
  });

  it('a confirmed like is written into the server copy, so dropping the pending value changes nothing', () => {
    expect(withCommentLike(comment(false, 4), true)).toMatchObject({ viewer_has_liked: true, edge_liked_by: { count: 5 } });
    expect(withCommentLike(comment(true, 5), true)).toMatchObject({ viewer_has_liked: true, edge_liked_by: { count: 5 } });
  });
});

describe('pending comment', () => {
  it('R-001-comments-2 R-001-comments-3: is edited, committed (committing set), then cleared on success', () => {
    let state = pendingCommentReducer(emptyPendingComment, { type: 'edit', text: 'nice' });
    state = pendingCommentReducer(state, { type: 'commit' });
    expect(state.committing).toBe(true);
    expect(pendingCommentReducer(state, { type: 'succeeded' })).toEqual(emptyPendingComment);
  });

  it('R-001-comments-1 R-001-comments-4: a reply target and text are edited; a failure clears only committing and keeps the comment', () => {
    let state = pendingCommentReducer(emptyPendingComment, { type: 'reply', commentId: '7', username: 'bob' });
    expect(state.text).toBe('@bob ');
    state = pendingCommentReducer(pendingCommentReducer(state, { type: 'edit', text: '@bob hi' }), { type: 'commit' });
    state = pendingCommentReducer(state, { type: 'failed', message: 'Try again' });
    expect(state).toMatchObject({ text: '@bob hi', committing: false, error: 'Try again', repliedToCommentId: '7' });
  });

  it('an empty comment is not committed, and erasing the mention ends the reply', () => {
    expect(pendingCommentReducer(emptyPendingComment, { type: 'commit' }).committing).toBe(false);
    const reply = pendingCommentReducer(emptyPendingComment, { type: 'reply', commentId: '7', username: 'bob' });
    expect(pendingCommentReducer(reply, { type: 'edit', text: 'hi' }).repliedToCommentId).toBeNull();
  });
});
