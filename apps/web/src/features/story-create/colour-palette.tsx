import { STORY_COLOURS, type StoryColourName } from '@shutter/contract';
import { useT, type MessageId } from '../../lib/i18n/i18n';
import styles from './story-create.module.css';

/** The eight colours of text and drawing, in the spec's order; the chosen one is pressed. */
export function ColourPalette({ value, onChange }: { value: StoryColourName; onChange: (colour: StoryColourName) => void }) {
  const t = useT();
  return (
    <div role="group" aria-label={t('storyCreate.colours')} className={styles.palette}>
      {STORY_COLOURS.map((colour) => (
        <button
          key={colour.name}
          type="button"
          className={styles.swatch}
          style={{ background: colour.value }}
          aria-pressed={colour.name === value}
          aria-label={t(`storyCreate.colour.${colour.name}` as MessageId)}
          onClick={() => onChange(colour.name)}
        />
      ))}
    </div>
  );
}
