import styles from './spinner.module.css';

/** A spinner; with a label it is announced (role status), otherwise it is decorative. */
export function Spinner({ size = 18, label, className }: { size?: number; label?: string; className?: string }) {
  return (
    <span
      className={`${styles.spinner} ${className ?? ''}`}
      style={{ width: size, height: size }}
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  );
}
