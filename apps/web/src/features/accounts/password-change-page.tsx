import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { PasswordChangeField } from '@shutter/contract';
import { useToast } from '../../state/toast/toast-context';
import { changePassword } from '../../state/queries/settings';
import { fieldErrorsOf, firstServerError } from '../../lib/api';
import { useDocumentTitle, useT, type MessageId } from '../../lib/i18n/i18n';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { SettingsLayout } from './settings-layout';
import styles from './settings.module.css';

const FIELDS: { name: PasswordChangeField; label: MessageId; autoComplete: string }[] = [
  { name: 'old_password', label: 'password.old', autoComplete: 'current-password' },
  { name: 'new_password1', label: 'password.new1', autoComplete: 'new-password' },
  { name: 'new_password2', label: 'password.new2', autoComplete: 'new-password' },
];

const EMPTY: Record<PasswordChangeField, string> = { old_password: '', new_password1: '', new_password2: '' };

/**
 * `/accounts/password/change/`. Success: a toast. Failure: an error toast with the first server
 * error, else a generic message (R-001-settings-15), and each field's error under it.
 */
export function PasswordChangePage() {
  const t = useT();
  useDocumentTitle(t('password.title'));
  const { showToast } = useToast();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const complete = FIELDS.every(({ name }) => values[name] !== '');

  const change = async (sent: typeof values) => {
    setBusy(true);
    try {
      await changePassword(sent);
      setValues(EMPTY);
      setErrors({});
      showToast({ text: t('password.success') });
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      const text = firstServerError(error, t('password.error'));
      // A wrong or weak password is the person's to fix; anything else may pass on a second try.
      if (Object.keys(fields).length) showToast({ text });
      else showToast({ text, actionText: t('account.edit.retry'), onAction: () => void change(sent) });
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (complete) void change(values);
  };

  return (
    <SettingsLayout title={t('password.title')}>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {FIELDS.map(({ name, label, autoComplete }) => (
          <TextField
            key={name}
            label={t(label)}
            name={name}
            type="password"
            revealable
            autoComplete={autoComplete}
            value={values[name]}
            error={errors[name]}
            onChange={(event) => setValues({ ...values, [name]: event.target.value })}
          />
        ))}
        <div className={styles.actions}>
          <Button type="submit" busy={busy} disabled={!complete}>
            {t('password.submit')}
          </Button>
          <Link to="/accounts/password/reset/">{t('password.forgot')}</Link>
        </div>
      </form>
    </SettingsLayout>
  );
}
