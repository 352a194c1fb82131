import { useId } from 'react';
import { useT } from '../../lib/i18n/i18n';
import styles from './details.module.css';

/** Alt text is a short description; the service takes up to 1,000 characters, the form asks for less. */
const ALT_TEXT_MAX_LENGTH = 200;

interface TextProps {
  value: string;
  disabled: boolean;
  onChange: (text: string) => void;
}

/** One item's alt text, under its heading and hint. */
export function AltTextField({ value, disabled, onChange }: TextProps) {
  const t = useT();
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        {t('create.a11y.title')}
      </h2>
      <p id={`${id}-hint`} className={styles.sectionHint}>
        {t('create.a11y.hint')}
      </p>
      <label htmlFor={id} className="visually-hidden">
        {t('create.a11y.label')}
      </label>
      <input
        id={id}
        className={styles.input}
        placeholder={t('create.a11y.label')}
        aria-describedby={`${id}-hint`}
        value={value}
        maxLength={ALT_TEXT_MAX_LENGTH}
        disabled={disabled}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </section>
  );
}
