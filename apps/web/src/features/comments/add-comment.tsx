import { useId, type Dispatch, type KeyboardEvent, type RefObject } from 'react';
import { COMMENT_MAX_LENGTH } from '@shutter/contract';
import { useT } from '../../lib/i18n/i18n';
import type { PendingComment, PendingCommentAction } from '../../state/queries/pending-comment';
import styles from './comments.module.css';

interface AddCommentProps {
  pending: PendingComment;
  dispatch: Dispatch<PendingCommentAction>;
  submit: () => void;
  inputRef?: RefObject<HTMLTextAreaElement | null>;
}

/** "Add a comment…" and Post; Enter posts, Shift+Enter starts a new line. */
export function AddComment({ pending, dispatch, submit, inputRef }: AddCommentProps) {
  const t = useT();
  const errorId = useId();
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  return (
    <form
      className={styles.addComment}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className={styles.addRow}>
        <textarea
          ref={inputRef}
          className={styles.textarea}
          aria-label={t('comments.add')}
          placeholder={t('comments.add')}
          value={pending.text}
          maxLength={COMMENT_MAX_LENGTH}
          rows={1}
          autoComplete="off"
          readOnly={pending.committing}
          aria-invalid={pending.error ? true : undefined}
          aria-describedby={pending.error ? errorId : undefined}
          onChange={(event) => dispatch({ type: 'edit', text: event.target.value })}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className={styles.post} disabled={!pending.text.trim() || pending.committing} aria-busy={pending.committing || undefined}>
          {t('comments.post')}
        </button>
      </div>
      {pending.error ? (
        <p id={errorId} className={styles.error} role="alert">
          {pending.error}
        </p>
      ) : null}
    </form>
  );
}
