import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './spinner';
import styles from './button.module.css';

type Variant = 'primary' | 'secondary' | 'link' | 'danger' | 'ghost';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  block?: boolean;
  busy?: boolean;
  children: ReactNode;
}

/** A button; while `busy` it shows a spinner, keeps its accessible name and sets aria-busy. */
export function Button({ variant = 'primary', block, busy, className, children, type = 'button', disabled, ...rest }: ButtonProps) {
  const classes = [styles.button, styles[variant], block ? styles.block : '', className ?? ''].join(' ');
  return (
    <button {...rest} type={type} className={classes} disabled={disabled || busy} aria-busy={busy || undefined}>
      <span className={busy ? styles.hiddenLabel : undefined}>{children}</span>
      {busy ? <Spinner className={styles.spinner} size={16} /> : null}
    </button>
  );
}

export function buttonClass(variant: Variant = 'primary', block = false): string {
  return [styles.button, styles[variant], block ? styles.block : ''].join(' ');
}
