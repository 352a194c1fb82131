import { useEffect, useRef } from 'react';
import { storyColourValue, STORY_TEXT_MAX_LENGTH } from '@shutter/contract';
import { useT } from '../../lib/i18n/i18n';
import { ColourPalette } from './colour-palette';
import { measureWithCanvas } from './share-story';
import { fontOf, TEXT_LINE_HEIGHT } from './sticker-look';
import { renderTextOf, type TextItem } from './story-reducer';
import { dispatchStory } from './story-store';
import styles from './story-create.module.css';

/** Writing a text: the field over the dimmed frame, the palette above it, Done to place it. */
export function TextPanel({ item, scale }: { item: TextItem; scale: number }) {
  const t = useT();
  const ref = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const field = ref.current;
    if (!field) return;
    field.focus();
    field.setSelectionRange(field.value.length, field.value.length);
  }, [item.id]);

  const change = (rawText: string) => {
    const size = measureWithCanvas()({ ...item, rawText, renderText: renderTextOf(rawText) });
    dispatchStory({ type: 'textChange', rawText, width: size.width, height: size.height });
  };
  const lines = Math.max(1, item.rawText.split('\n').length);

  return (
    <div className={styles.textPanel}>
      <div className={styles.panelBar}>
        <ColourPalette value={item.colour} onChange={(colour) => dispatchStory({ type: 'textChange', colour })} />
        <button type="button" className={styles.doneButton} onClick={() => dispatchStory({ type: 'textSave' })}>
          {t('storyCreate.text.done')}
        </button>
      </div>
      <div className={styles.textFieldBox}>
        <textarea
          ref={ref}
          className={styles.textField}
          aria-label={t('storyCreate.text.field')}
          value={item.rawText}
          maxLength={STORY_TEXT_MAX_LENGTH}
          rows={lines}
          style={{
            font: fontOf(600, item.fontSize * scale * item.transform.scale),
            lineHeight: TEXT_LINE_HEIGHT,
            color: storyColourValue(item.colour),
            textShadow: `${item.shadow.offsetX}px ${item.shadow.offsetY}px ${item.shadow.blur}px ${item.shadow.colour}`,
          }}
          onChange={(event) => change(event.currentTarget.value)}
        />
      </div>
    </div>
  );
}
