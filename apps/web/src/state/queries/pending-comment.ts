/**
 * The comment being written (spec 001 §3 and §4): edited, then committing; cleared on success; on
 * failure only `committing` is cleared, so the text stays for another try, with the error shown.
 */
export interface PendingComment {
  text: string;
  repliedToCommentId: string | null;
  repliedToUsername: string | null;
  committing: boolean;
  error: string | null;
}

export type PendingCommentAction =
  | { type: 'edit'; text: string }
  | { type: 'reply'; commentId: string; username: string }
  | { type: 'commit' }
  | { type: 'succeeded' }
  | { type: 'failed'; message: string };

export const emptyPendingComment: PendingComment = { text: '', repliedToCommentId: null, repliedToUsername: null, committing: false, error: null };

export function pendingCommentReducer(state: PendingComment, action: PendingCommentAction): PendingComment {
  switch (action.type) {
    case 'edit': {
      // Erasing the "@name " a reply started with makes it a plain comment again.
      const stillReply = state.repliedToUsername !== null && action.text.startsWith(`@${state.repliedToUsername}`);
      return {
        ...state,
        text: action.text,
        error: null,
        repliedToCommentId: stillReply ? state.repliedToCommentId : null,
        repliedToUsername: stillReply ? state.repliedToUsername : null,
      };
    }
    case 'reply':
      return { ...state, text: `@${action.username} `, repliedToCommentId: action.commentId, repliedToUsername: action.username, error: null };
    case 'commit':
      if (state.committing || !state.text.trim()) return state;
      return { ...state, committing: true, error: null };
    case 'succeeded':
      return emptyPendingComment;
    case 'failed':
      return { ...state, committing: false, error: action.message };
  }
}
