import { useEffect, useState, type Dispatch, type FormEvent } from 'react';
import type { ReelResult, StoryItemResult } from '@shutter/contract';
import { useToast } from '../../state/toast/toast-context';
import { useI18n } from '../../lib/i18n/i18n';
import { numberFormat } from '../../lib/formatters';
import { Icon } from '../../ui/icon';
import { sendStoryReaction, sendStoryReply } from '../../state/queries/story-reels';
import { useSession } from '../../state/session';
import { StoryViewersSheet } from './story-viewers-sheet';
import type { ViewerAction } from './viewer-reducer';
import styles from './story-frame.module.css';

const QUICK_REACTIONS = ['😂', '😍', '🔥'] as const;

/**
 * Under the story: for its owner, who has seen it (a sheet of viewers); for anyone else logged in,
 * a reply field and quick reactions that go to the owner as direct messages.
 */
export function StoryFooter({ reel, item, isOwner, dispatch }: { reel: ReelResult; item: StoryItemResult; isOwner: boolean; dispatch: Dispatch<ViewerAction> }) {
  const { t, locale } = useI18n();
  const { viewer } = useSession();
  const { showToast } = useToast();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [sheet, setSheet] = useState(false);

  useEffect(() => {
    dispatch({ type: 'pause', reason: 'sheet', on: sheet });
  }, [sheet, dispatch]);
  useEffect(() => {
    setText('');
    // A reply started on one story is not sent to the next.
  }, [item.id]);

  if (isOwner) {
    const count = item.story_view_count ?? 0;
    return (
      <div className={styles.footer}>
        <button type="button" className={styles.seenBy} onClick={() => setSheet(true)} aria-haspopup="dialog">
          <Icon name="eye" size={18} />
          {t('stories.viewer.seenBy', { count: numberFormat(locale).format(count) })}
        </button>
        {sheet ? <StoryViewersSheet itemId={item.id} onClose={() => setSheet(false)} /> : null}
      </div>
    );
  }
  if (!viewer || !reel.can_reply || item.owner.id === viewer.id) return null;

  const send = async (run: () => Promise<unknown>) => {
    setSending(true);
    try {
      await run();
      showToast({ text: t('stories.viewer.sent') });
      return true;
    } catch {
      showToast({ text: t('stories.viewer.sendFailed') });
      return false;
    } finally {
      setSending(false);
    }
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (!value || sending) return;
    if (await send(() => sendStoryReply(item, value))) setText('');
  };

  return (
    <form className={styles.footer} onSubmit={(event) => void submit(event)}>
      <input
        className={styles.reply}
        type="text"
        value={text}
        maxLength={1000}
        placeholder={t('stories.viewer.replyTo', { username: item.owner.username })}
        aria-label={t('stories.viewer.reply')}
        onChange={(event) => setText(event.target.value)}
        onFocus={() => dispatch({ type: 'pause', reason: 'typing', on: true })}
        onBlur={() => dispatch({ type: 'pause', reason: 'typing', on: false })}
      />
      {text.trim() ? (
        <button type="submit" className={styles.send} disabled={sending}>
          {t('stories.viewer.send')}
        </button>
      ) : (
        <span className={styles.reactions} role="group" aria-label={t('stories.viewer.reactions')}>
          {QUICK_REACTIONS.map((emoji) => (
            <button key={emoji} type="button" className={styles.reaction} disabled={sending} onClick={() => void send(() => sendStoryReaction(item, emoji))} aria-label={t('stories.viewer.react', { emoji })}>
              {emoji}
            </button>
          ))}
        </span>
      )}
    </form>
  );
}
