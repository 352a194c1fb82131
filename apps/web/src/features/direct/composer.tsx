import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { DIRECT_TEXT_MAX_LENGTH, DIRECT_TYPING_RENEW_MS } from '@shutter/contract';
import { useT } from '../../lib/i18n/i18n';
import { Icon } from '../../ui/icon';
import { useDirectActions } from './use-direct';
import styles from './thread.module.css';

/** Our choice: a pause this long in typing tells the others the viewer stopped. */
const TYPING_IDLE_MS = 4_000;
const PHOTO_TYPES = 'image/jpeg,image/png,image/webp,image/heic,image/heif';

/** Tells the thread the viewer is typing, renewed while they type, and stopped when they pause or send. */
function useTypingSignal(threadId: string) {
  const actions = useDirectActions();
  const lastSent = useRef(0);
  const idle = useRef<ReturnType<typeof setTimeout> | null>(null);
  const stop = useRef(() => undefined as void);
  stop.current = () => {
    if (idle.current) clearTimeout(idle.current);
    idle.current = null;
    if (lastSent.current === 0) return;
    lastSent.current = 0;
    actions.typing(threadId, false);
  };
  useEffect(() => () => stop.current(), [threadId]);
  return {
    typed() {
      const now = Date.now();
      if (now - lastSent.current > DIRECT_TYPING_RENEW_MS) {
        lastSent.current = now;
        actions.typing(threadId, true);
      }
      if (idle.current) clearTimeout(idle.current);
      idle.current = setTimeout(() => stop.current(), TYPING_IDLE_MS);
    },
    stop: () => stop.current(),
  };
}

/** The message box: text (Enter sends), a like when it is empty, and a photo. */
export function Composer({ threadId }: { threadId: string }) {
  const t = useT();
  const actions = useDirectActions();
  const [text, setText] = useState('');
  const fileRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const typing = useTypingSignal(threadId);
  const trimmed = text.trim();

  const send = () => {
    if (!trimmed) return;
    typing.stop();
    setText('');
    void actions.sendText(threadId, trimmed);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <form
      className={styles.composer}
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <label htmlFor={inputId} className="visually-hidden">
        {t('direct.composer.label')}
      </label>
      <textarea
        id={inputId}
        className={styles.input}
        rows={1}
        value={text}
        maxLength={DIRECT_TEXT_MAX_LENGTH}
        placeholder={t('direct.composer.placeholder')}
        autoComplete="off"
        onChange={(event) => {
          setText(event.target.value);
          if (event.target.value.trim()) typing.typed();
          else typing.stop();
        }}
        onBlur={() => typing.stop()}
        onKeyDown={onKeyDown}
      />
      {trimmed ? (
        <button type="submit" className={styles.sendButton}>
          {t('direct.composer.send')}
        </button>
      ) : (
        <>
          <button type="button" className={styles.composerIcon} aria-label={t('direct.composer.photo')} onClick={() => fileRef.current?.click()}>
            <Icon name="image" />
          </button>
          <input
            ref={fileRef}
            type="file"
            accept={PHOTO_TYPES}
            hidden
            tabIndex={-1}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void actions.sendPhoto(threadId, file);
            }}
          />
          <button type="button" className={styles.composerIcon} aria-label={t('direct.composer.like')} onClick={() => void actions.sendLike(threadId)}>
            <Icon name="heart" />
          </button>
        </>
      )}
    </form>
  );
}
