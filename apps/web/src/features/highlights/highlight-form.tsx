import { useId } from 'react';
import { HIGHLIGHT_TITLE_MAX_LENGTH, type ArchivedStoryResult } from '@shutter/contract';
import { useI18n } from '../../lib/i18n/i18n';
import { Icon } from '../../ui/icon';
import { StoryThumb } from './story-thumb';
import styles from './highlights.module.css';

/** The highlight's name, with the room left. */
export function TitleField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useI18n();
  const id = useId();
  const left = HIGHLIGHT_TITLE_MAX_LENGTH - [...value].length;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.fieldLabel}>
        {t('highlights.titleLabel')}
      </label>
      <input
        id={id}
        className={styles.input}
        value={value}
        maxLength={HIGHLIGHT_TITLE_MAX_LENGTH}
        placeholder={t('highlights.titlePlaceholder')}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={`${id}-left`}
      />
      <span id={`${id}-left`} className={styles.fieldHint}>
        {t('highlights.titleLeft', { count: left })}
      </span>
    </div>
  );
}

/** Which of the chosen stories is the cover: a row of radio thumbnails. */
export function CoverPicker({ stories, value, onChange }: { stories: ArchivedStoryResult[]; value: string | null; onChange: (id: string) => void }) {
  const { t } = useI18n();
  const name = useId();
  const chosen = value ?? stories[0]?.id ?? null;
  if (stories.length === 0) return null;
  return (
    <fieldset className={styles.field}>
      <legend className={styles.fieldLabel}>{t('highlights.cover')}</legend>
      <div className={styles.coverRow}>
        {stories.map((story, i) => (
          <label key={story.id} className={`${styles.coverChoice} ${chosen === story.id ? styles.coverChosen : ''}`}>
            <input type="radio" className="visually-hidden" name={name} checked={chosen === story.id} onChange={() => onChange(story.id)} />
            <StoryThumb story={story} className={styles.coverImage} />
            <span className="visually-hidden">{t('highlights.coverOption', { number: i + 1 })}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A grid of the archive's stories to pick from: each a toggle button with its date. */
export function StoryPicker({ stories, selected, onToggle }: { stories: ArchivedStoryResult[]; selected: ReadonlySet<string>; onToggle: (story: ArchivedStoryResult) => void }) {
  const { t, locale } = useI18n();
  const date = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' });
  return (
    <ul className={styles.pickGrid}>
      {stories.map((story) => {
        const on = selected.has(story.id);
        const when = date.format(new Date(story.taken_at_timestamp * 1000));
        return (
          <li key={story.id}>
            <button type="button" className={`${styles.tile} ${on ? styles.tileOn : ''}`} aria-pressed={on} aria-label={t('highlights.storyOf', { date: when })} onClick={() => onToggle(story)}>
              <StoryThumb story={story} className={styles.tileImage} />
              <span className={styles.tileCheck} aria-hidden="true">
                {on ? <Icon name="check" size={14} strokeWidth={3} /> : null}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
