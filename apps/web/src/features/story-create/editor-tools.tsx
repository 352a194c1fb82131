import type { RefObject } from 'react';
import { useT } from '../../lib/i18n/i18n';
import { Icon } from '../../ui/icon';
import { newItemId } from './item-id';
import { dispatchStory } from './story-store';
import styles from './story-create.module.css';

interface EditorToolsProps {
  onClose: () => void;
  onRetake: () => void;
  /** The text tool's button, where the keyboard comes back to from a tool. */
  textButtonRef: RefObject<HTMLButtonElement | null>;
  /** A video takes neither text nor drawing; the note with this id says why. */
  video: boolean;
  noteId: string;
}

/** The bar over the frame: close, retake, and the text, drawing and sticker tools. */
export function EditorTools({ onClose, onRetake, textButtonRef, video, noteId }: EditorToolsProps) {
  const t = useT();
  return (
    <div className={styles.topBar}>
      <button type="button" className={styles.roundButton} onClick={onClose} aria-label={t('storyCreate.close')}>
        <Icon name="close" size={22} />
      </button>
      <button type="button" className={styles.roundButton} onClick={onRetake} aria-label={t('storyCreate.capture.retake')}>
        <Icon name="chevronLeft" size={22} />
      </button>
      <div className={styles.tools} role="toolbar" aria-label={t('storyCreate.tools')}>
        <button
          ref={textButtonRef}
          type="button"
          className={styles.roundButton}
          onClick={() => dispatchStory({ type: 'textAdd', id: newItemId('t') })}
          disabled={video}
          aria-label={t('storyCreate.tool.text')}
          aria-describedby={video ? noteId : undefined}
        >
          <span className={styles.aa} aria-hidden="true">Aa</span>
        </button>
        <button type="button" className={styles.roundButton} onClick={() => dispatchStory({ type: 'mode', mode: 'draw' })} disabled={video} aria-label={t('storyCreate.tool.draw')} aria-describedby={video ? noteId : undefined}>
          <Icon name="compose" size={22} />
        </button>
        <button type="button" className={styles.roundButton} onClick={() => dispatchStory({ type: 'mode', mode: 'stickers' })} aria-label={t('storyCreate.tool.stickers')}>
          <Icon name="image" size={22} />
        </button>
      </div>
    </div>
  );
}
