import { useEffect, useId, useRef, useState } from 'react';
import { PROBLEM_REPORT_MAX_CHARS } from '@shutter/contract';
import { useT } from '../../lib/i18n/i18n';
import { firstServerError } from '../../lib/api';
import { Button } from '../../ui/button';
import { reportProblem } from '../../state/queries/reports';
import styles from './report-dialog.module.css';

type Status = { kind: 'closed' } | { kind: 'editing'; error: string | null } | { kind: 'sending' } | { kind: 'sent' };

/** "Report a problem" with the reporting itself: a short text sent where the screen says (R-001-reporting-16). */
export function ProblemReport({ path }: { path: string }) {
  const t = useT();
  const fieldId = useId();
  const [status, setStatus] = useState<Status>({ kind: 'closed' });
  const [text, setText] = useState('');
  const form = useRef<HTMLFormElement>(null);
  const editing = status.kind === 'editing';
  // The form opens at the bottom of a dialog that may scroll: its Send button comes into view with it.
  useEffect(() => {
    if (editing) form.current?.scrollIntoView({ block: 'nearest' });
  }, [editing]);

  if (status.kind === 'closed') {
    return (
      <div className={styles.problem}>
        <button type="button" className={styles.problemLink} onClick={() => setStatus({ kind: 'editing', error: null })}>
          {t('reports.problem.link')}
        </button>
      </div>
    );
  }
  if (status.kind === 'sent') {
    return (
      <p className={`${styles.problem} ${styles.done}`} role="status">
        {t('reports.problem.sent')}
      </p>
    );
  }
  const sending = status.kind === 'sending';
  const error = status.kind === 'editing' ? status.error : null;
  return (
    <form
      ref={form}
      className={`${styles.problem} ${styles.problemForm}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (!text.trim()) return;
        setStatus({ kind: 'sending' });
        reportProblem(path, text.trim(), window.location.pathname).then(
          () => setStatus({ kind: 'sent' }),
          (failure: unknown) => setStatus({ kind: 'editing', error: firstServerError(failure, t('reports.problem.failed')) }),
        );
      }}
    >
      <label htmlFor={fieldId} className={styles.problemLabel}>
        {t('reports.problem.label')}
      </label>
      <textarea
        id={fieldId}
        className={styles.problemText}
        value={text}
        maxLength={PROBLEM_REPORT_MAX_CHARS}
        rows={3}
        autoFocus
        onChange={(event) => setText(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : undefined}
      />
      {error ? (
        <p id={`${fieldId}-error`} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <div className={styles.problemActions}>
        <Button variant="ghost" onClick={() => setStatus({ kind: 'closed' })} disabled={sending}>
          {t('reports.problem.cancel')}
        </Button>
        <Button type="submit" busy={sending} disabled={!text.trim()}>
          {t('reports.problem.send')}
        </Button>
      </div>
    </form>
  );
}
