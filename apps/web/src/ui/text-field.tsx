import { useEffect, useId, useRef, useState, type ChangeEvent, type FocusEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { useT } from '../lib/i18n/i18n';
import { Icon } from './icon';
import styles from './text-field.module.css';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: string;
  error?: string | null;
  hint?: string;
  /** A green check after a successful server validation. */
  valid?: boolean;
  /** Password fields get a Show/Hide toggle. */
  revealable?: boolean;
  trailing?: ReactNode;
}

/** Floating-label input; the label is tied to the input and errors are announced with the field. */
export function TextField({ label, error, hint, valid, revealable, trailing, type = 'text', id, className, ...rest }: TextFieldProps) {
  const t = useT();
  const autoId = useId();
  const inputId = id ?? autoId;
  const [revealed, setRevealed] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // Text typed into the server-rendered page before its script took over is in the input but not
  // in the form's state: hand it over once, as if it had just been typed, and, when the reader has
  // already moved on to another field, as if they had just left this one (a form checks a field on leaving it).
  const { onChange, onBlur } = rest;
  useEffect(() => {
    const el = input.current;
    if (!el || !onChange || rest.value === undefined || el.value === String(rest.value)) return;
    // Left first, then typed: a form that checks on leaving reads its state as it was, and the
    // change that follows schedules the check of what was typed.
    if (onBlur && document.activeElement !== el) onBlur({ target: el, currentTarget: el } as FocusEvent<HTMLInputElement>);
    onChange({ target: el, currentTarget: el } as ChangeEvent<HTMLInputElement>);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at mount: later changes come through onChange itself
  }, []);
  const describedBy = [error ? `${inputId}-error` : null, hint ? `${inputId}-hint` : null].filter(Boolean).join(' ') || undefined;
  const filled = rest.value !== undefined && String(rest.value) !== '';
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <div className={`${styles.box} ${error ? styles.invalid : ''} ${filled ? styles.filled : ''}`}>
        <label className={styles.label} htmlFor={inputId}>
          {label}
        </label>
        <input
          {...rest}
          ref={input}
          id={inputId}
          className={styles.input}
          type={revealable && revealed ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        <span className={styles.adornments}>
          {error ? (
            <span className={styles.errorIcon} role="img" aria-label={t('auth.fieldInvalid')}>
              <Icon name="alert" size={20} />
            </span>
          ) : valid ? (
            <span className={styles.validIcon} role="img" aria-label={t('auth.fieldValid')}>
              <Icon name="check" size={20} />
            </span>
          ) : null}
          {revealable && filled ? (
            <button
              type="button"
              className={styles.reveal}
              onClick={() => setRevealed((r) => !r)}
              aria-label={revealed ? t('auth.hidePasswordLabel') : t('auth.showPasswordLabel')}
              aria-pressed={revealed}
            >
              {revealed ? t('auth.hidePassword') : t('auth.showPassword')}
            </button>
          ) : null}
          {trailing}
        </span>
      </div>
      {error ? (
        <p id={`${inputId}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
      {hint && !error ? (
        <p id={`${inputId}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
