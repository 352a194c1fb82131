import { useReducer, useState, type FormEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api';
import { clearClientCaches } from '../../lib/clear-caches';
import { useT } from '../../lib/i18n/i18n';
import { preventSilentCredentialAccess } from '../../lib/password-credentials';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { TextField } from '../../ui/text-field';
import { initialLeaveState, leaveErrorOf, leaveReducer } from './leave-reducer';
import styles from './leaving.module.css';

interface LeaveFormProps {
  /** Fields before the password (the deactivation's reason). */
  children?: ReactNode;
  submitLabel: string;
  confirmTitle: string;
  confirmBody: string;
  confirmLabel: string;
  send: (password: string) => Promise<unknown>;
  /** Where the browser goes once the account is left (a full load: this session is over). */
  destination: string;
}

/** Password, a confirmation, then the request; the same for deactivating and deleting. */
export function LeaveForm({ children, submitLabel, confirmTitle, confirmBody, confirmLabel, send, destination }: LeaveFormProps) {
  const t = useT();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(leaveReducer, initialLeaveState);
  const [password, setPassword] = useState('');

  const go = async () => {
    dispatch({ type: 'send' });
    try {
      await send(password);
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      dispatch({ type: 'failed', error: leaveErrorOf(status, error instanceof ApiError ? error.message : null, t('leaving.internalError')) });
      return;
    }
    dispatch({ type: 'succeeded' });
    await clearClientCaches(queryClient);
    await preventSilentCredentialAccess();
    window.location.assign(destination);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (password) dispatch({ type: 'ask' });
  };
  const error = state.step === 'form' ? state.error : null;
  const busy = state.step === 'sending' || state.step === 'done';

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      {children}
      <TextField
        label={t('leaving.password')}
        name="password"
        type="password"
        revealable
        autoComplete="current-password"
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          dispatch({ type: 'edit' });
        }}
      />
      {error ? (
        <div className={styles.error} role="alert">
          <span>{error.message}</span>
          {error.retry ? (
            <Button variant="link" onClick={() => void go()}>
              {t('leaving.retry')}
            </Button>
          ) : null}
        </div>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" variant="danger" busy={busy} disabled={!password}>
          {submitLabel}
        </Button>
      </div>
      <Modal open={state.step === 'confirm'} onClose={() => dispatch({ type: 'cancel' })} title={confirmTitle}>
        <p className={styles.confirmBody}>{confirmBody}</p>
        <div className={styles.confirmActions}>
          <Button variant="danger" block onClick={() => void go()}>
            {confirmLabel}
          </Button>
          <Button variant="secondary" block onClick={() => dispatch({ type: 'cancel' })}>
            {t('leaving.cancel')}
          </Button>
        </div>
      </Modal>
    </form>
  );
}
