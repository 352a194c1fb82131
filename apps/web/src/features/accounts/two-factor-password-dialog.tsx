import { useState, type FormEvent } from 'react';
import { firstServerError } from '../../lib/api';
import { useT } from '../../lib/i18n/i18n';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { TextField } from '../../ui/text-field';
import styles from './two-factor.module.css';

interface PasswordDialogProps {
  open: boolean;
  title: string;
  body?: string;
  confirmText: string;
  danger?: boolean;
  /** Does the change with the password; a failure is shown in the dialog. */
  onConfirm: (password: string) => Promise<void>;
  onClose: () => void;
}

/** A change that asks for the password again (turning two-factor off, new backup codes). */
export function PasswordDialog({ open, title, body, confirmText, danger, onConfirm, onClose }: PasswordDialogProps) {
  const t = useT();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setPassword('');
    setError(null);
    onClose();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password || busy) return;
    setBusy(true);
    try {
      await onConfirm(password);
      setPassword('');
      setError(null);
    } catch (err) {
      // The server's message (the wrong password's), else a generic one (R-001-two-factor-6).
      setError(firstServerError(err, t('twoFactorSettings.error')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} onClose={close} title={title}>
      <form className={styles.dialogForm} onSubmit={onSubmit} noValidate>
        {body ? <p className={styles.text}>{body}</p> : null}
        <TextField
          label={t('twoFactorSettings.passwordLabel')}
          name="password"
          type="password"
          revealable
          autoComplete="current-password"
          autoFocus
          value={password}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setPassword(event.target.value)}
        />
        {error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} busy={busy} disabled={!password}>
            {confirmText}
          </Button>
          <Button variant="secondary" onClick={close}>
            {t('twoFactorSettings.cancel')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
