import { STORY_BRUSH_SIZE_MAX, STORY_BRUSH_SIZE_MIN, STORY_BRUSHES } from '@shutter/contract';
import { useT, type MessageId } from '../../lib/i18n/i18n';
import { ColourPalette } from './colour-palette';
import type { StoryCreationState } from './story-reducer';
import { dispatchStory } from './story-store';
import styles from './story-create.module.css';

/** The drawing's tools: undo and done on top, the brushes, the size and the colours below. */
export function DrawTools({ state }: { state: StoryCreationState }) {
  const t = useT();
  return (
    <>
      <div className={styles.panelBar}>
        <button type="button" className={styles.pillButton} onClick={() => dispatchStory({ type: 'drawUndo' })} disabled={state.drawing.startIndexes.length === 0}>
          {t('storyCreate.draw.undo')}
        </button>
        <div role="group" aria-label={t('storyCreate.draw.brushes')} className={styles.brushes}>
          {STORY_BRUSHES.map((brush) => (
            <button key={brush} type="button" className={styles.brush} aria-pressed={state.brush === brush} onClick={() => dispatchStory({ type: 'brush', brush })}>
              {t(`storyCreate.brush.${brush}` as MessageId)}
            </button>
          ))}
        </div>
        <button type="button" className={styles.doneButton} onClick={() => dispatchStory({ type: 'drawSave' })}>
          {t('storyCreate.draw.done')}
        </button>
      </div>
      <div className={styles.drawBottom}>
        <label className={styles.sizeRow}>
          <span>{t('storyCreate.draw.size')}</span>
          <input
            type="range"
            min={STORY_BRUSH_SIZE_MIN}
            max={STORY_BRUSH_SIZE_MAX}
            step={1}
            value={state.brushSize}
            onChange={(event) => dispatchStory({ type: 'brushSize', size: Number(event.currentTarget.value) })}
          />
          <span className={styles.sizeValue} aria-hidden="true">{state.brushSize}</span>
        </label>
        <ColourPalette value={state.drawing.colour} onChange={(colour) => dispatchStory({ type: 'drawColour', colour })} />
      </div>
    </>
  );
}
