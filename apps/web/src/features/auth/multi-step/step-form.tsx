import type { ReactNode } from 'react';
import styles from '../auth.module.css';

/** A step's form: submitting runs the step's action (the browser's own submit never happens). */
export function StepForm({ onSubmit, children }: { onSubmit: () => Promise<void>; children: ReactNode }) {
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {children}
    </form>
  );
}
