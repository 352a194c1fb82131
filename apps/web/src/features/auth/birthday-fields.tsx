import { useEffect, useId, useMemo, useRef } from 'react';
import { useI18n } from '../../lib/i18n/i18n';
import { TextField } from '../../ui/text-field';
import { needsParent, type BirthdayValues } from './birthday';
import styles from './birthday-fields.module.css';

const OLDEST = 120;

interface BirthdayFieldsProps {
  value: BirthdayValues;
  onChange: (next: BirthdayValues) => void;
  /** Checks the values with the service (the signup's dry run). */
  onSettled?: () => void;
  errors: { birthday?: string | null; parent_email?: string | null };
  consentAge: number | null | undefined;
}

/** Spec 000 "Multi-step signup fields: birthday": month, day and year, and a parent's email under the consent age. */
export function BirthdayFields({ value, onChange, onSettled, errors, consentAge }: BirthdayFieldsProps) {
  const { t, locale } = useI18n();
  const errorId = useId();
  const hintId = useId();
  const months = useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
    return Array.from({ length: 12 }, (_, i) => format.format(new Date(Date.UTC(2000, i, 1))));
  }, [locale]);
  const thisYear = new Date().getFullYear();
  const refs = { month: useRef<HTMLSelectElement>(null), day: useRef<HTMLSelectElement>(null), year: useRef<HTMLSelectElement>(null) };
  // A date picked in the server-rendered page before its script took over is in the selects but not
  // in the form's state: hand it over once, as TextField does with typed text.
  useEffect(() => {
    const picked = { month: refs.month.current?.value ?? '', day: refs.day.current?.value ?? '', year: refs.year.current?.value ?? '' };
    if (picked.month !== value.month || picked.day !== value.day || picked.year !== value.year) onChange({ ...value, ...picked });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at mount: later picks come through onChange
  }, []);
  const set = (field: keyof BirthdayValues) => (event: { target: { value: string } }) => {
    onChange({ ...value, [field]: event.target.value });
  };
  const described = [errors.birthday ? errorId : null, hintId].filter(Boolean).join(' ');
  const select = (field: 'month' | 'day' | 'year', label: string, options: { value: string; label: string }[]) => (
    <span className={styles.part}>
      <select
        ref={refs[field]}
        className={`${styles.select} ${errors.birthday ? styles.invalid : ''}`}
        aria-label={label}
        name={field}
        value={value[field]}
        onChange={set(field)}
        onBlur={onSettled}
        aria-invalid={errors.birthday ? true : undefined}
        aria-describedby={described}
        required
      >
        <option value="" disabled>
          {label}
        </option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </span>
  );
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{t('birthday.legend')}</legend>
      <div className={styles.row}>
        {select('month', t('birthday.month'), months.map((label, i) => ({ value: String(i + 1), label })))}
        {select('day', t('birthday.day'), Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) })))}
        {select('year', t('birthday.year'), Array.from({ length: OLDEST + 1 }, (_, i) => ({ value: String(thisYear - i), label: String(thisYear - i) })))}
      </div>
      {errors.birthday ? (
        <p id={errorId} className={styles.error} role="alert">
          {errors.birthday}
        </p>
      ) : null}
      <p id={hintId} className={styles.hint}>
        {t('birthday.hint')}
      </p>
      {needsParent(value, consentAge) ? (
        <div className={styles.parent}>
          <p className={styles.lead}>{t('birthday.parentLead', { age: consentAge! })}</p>
          <TextField
            label={t('birthday.parentEmail')}
            name="parent_email"
            type="email"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            value={value.parent_email}
            onChange={set('parent_email')}
            onBlur={onSettled}
            error={errors.parent_email}
            required
          />
        </div>
      ) : null}
    </fieldset>
  );
}
