import { useId, useState } from 'react';
import { useT } from '../../lib/i18n/i18n';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import styles from './moderation.module.css';

export interface ActionDialogProps {
  title: string;
  body: string;
  confirmText: string;
  /** The note field's label; none for actions that tell no one anything. */
  noteLabel?: string;
  noteHint?: string;
  danger?: boolean;
  onConfirm: (note: string) => Promise<void>;
  onClose: () => void;
}

const NOTE_MAX = 1000;

/** Asks before an action: what it does, a note for the person it hits, and Confirm / Cancel. */
export function ActionDialog({ title, body, confirmText, noteLabel, noteHint, danger, onConfirm, onClose }: ActionDialogProps) {
  const t = useT();
  const noteId = useId();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setFailed(null);
    try {
      await onConfirm(note.trim());
    } catch (error) {
      setFailed(error instanceof Error && error.message ? error.message : t('moderation.failed'));
      setBusy(false);
    }
  };
  return (
    <Modal open onClose={busy ? () => undefined : onClose} title={title} size="md">
      <p className={styles.dialogBody}>{body}</p>
      {noteLabel ? (
        <div className={styles.note}>
          <label htmlFor={noteId} className={styles.noteLabel}>{noteLabel}</label>
          <textarea
            id={noteId}
            className={styles.textarea}
            value={note}
            maxLength={NOTE_MAX}
            onChange={(event) => setNote(event.target.value)}
            aria-describedby={noteHint ? `${noteId}-hint` : undefined}
          />
          {noteHint ? <p id={`${noteId}-hint`} className={styles.meta}>{noteHint}</p> : null}
        </div>
      ) : null}
      {failed ? <p className={`${styles.note} ${styles.error}`} role="alert">{failed}</p> : null}
      <div className={styles.dialogButtons}>
        <Button variant="secondary" onClick={onClose} disabled={busy}>{t('moderation.action.cancel')}</Button>
        <Button variant={danger ? 'danger' : 'primary'} busy={busy} onClick={() => void confirm()}>{confirmText}</Button>
      </div>
    </Modal>
  );
}
