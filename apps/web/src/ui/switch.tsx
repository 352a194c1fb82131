import styles from './switch.module.css';

interface SwitchProps {
  checked: boolean;
  /** The ids of the setting's name and of its help text. */
  labelledBy: string;
  describedBy?: string;
  /** A change on its way: shown, and further presses wait for it. */
  busy?: boolean;
  onToggle: (next: boolean) => void;
}

/** A setting's on/off switch, named by the setting's label. */
export function Switch({ checked, labelledBy, describedBy, busy = false, onToggle }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-busy={busy || undefined}
      className={styles.switch}
      onClick={() => {
        if (!busy) onToggle(!checked);
      }}
    >
      <span className={styles.thumb} aria-hidden="true" />
    </button>
  );
}
