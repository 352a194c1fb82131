import { useState, type FormEvent } from 'react';
import { Link, NavLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '@shutter/contract';
import { useToast } from '../../state/toast/toast-context';
import { confirmPasswordReset, sendPasswordReset } from '../../state/queries/auth';
import { sendPasswordResetSms } from '../../state/queries/contacts';
import { fieldErrorsOf, firstServerError } from '../../lib/api';
import { useDocumentTitle, useT } from '../../lib/i18n/i18n';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icon';
import { TextField } from '../../ui/text-field';
import styles from './auth.module.css';
import tabs from './reset-tabs.module.css';

/** R-000-routes-13: the reset's optional tab, `username` (the default) or `phone`. */
const TABS = {
  username: { body: 'reset.body', label: 'reset.field', name: 'email_or_username', type: 'text', autoComplete: 'username', submit: 'reset.submit', send: sendPasswordReset },
  phone: { body: 'contacts.reset.phoneBody', label: 'contacts.reset.tabPhone', name: 'phone_number', type: 'tel', autoComplete: 'tel', submit: 'contacts.reset.phoneSubmit', send: sendPasswordResetSms },
} as const;

function ResetTabs() {
  const t = useT();
  const linkClass = ({ isActive }: { isActive: boolean }) => `${tabs.tab} ${isActive ? tabs.active : ''}`;
  return (
    <nav className={tabs.tabs} aria-label={t('contacts.reset.tabs')}>
      <NavLink to="/accounts/password/reset/" end className={linkClass}>
        {t('contacts.reset.tabUsername')}
      </NavLink>
      <NavLink to="/accounts/password/reset/phone/" className={linkClass}>
        {t('contacts.reset.tabPhone')}
      </NavLink>
    </nav>
  );
}

/** `/accounts/password/reset/{tab?}`: sends a login link by email, or by text to a confirmed phone number. */
export function PasswordResetPage() {
  const t = useT();
  useDocumentTitle(t('reset.title'));
  const tab = TABS[useParams().tab === 'phone' ? 'phone' : 'username'];
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) return;
    setBusy(true);
    setResult(null);
    try {
      const answer = await tab.send(value.trim());
      setResult({ ok: true, text: answer.message ?? '' });
    } catch (error) {
      setResult({ ok: false, text: firstServerError(error, t('reset.error')) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="reset-heading">
        <span className={styles.logo}>
          <Icon name="lock" size={64} strokeWidth={1.2} />
        </span>
        <h1 id="reset-heading" className={styles.lead}>
          {t('reset.heading')}
        </h1>
        <ResetTabs />
        <p className={styles.body}>{t(tab.body)}</p>
        <form key={tab.name} className={styles.form} onSubmit={onSubmit} noValidate>
          <TextField label={t(tab.label)} name={tab.name} type={tab.type} autoComplete={tab.autoComplete} value={value} onChange={(e) => setValue(e.target.value)} required />
          <Button type="submit" block busy={busy} disabled={!value.trim()} className={styles.submit}>
            {t(tab.submit)}
          </Button>
          {result && result.text ? (
            <p className={result.ok ? styles.formSuccess : styles.formError} role={result.ok ? 'status' : 'alert'}>
              {result.text}
            </p>
          ) : null}
        </form>
      </section>
      <p className={`${styles.card} ${styles.secondary}`}>
        <Link to="/accounts/login/">{t('reset.backToLogin')}</Link>
      </p>
    </div>
  );
}

/** `/accounts/password/reset/confirm/?uid=..&token=..`: the emailed link's new-password form. */
export function PasswordResetConfirmPage() {
  const t = useT();
  useDocumentTitle(t('resetConfirm.title'));
  const navigate = useNavigate();
  const { showToast } = useToast();
  const [params] = useSearchParams();
  const uid = params.get('uid') ?? '';
  const token = params.get('token') ?? '';
  const [values, setValues] = useState({ new_password1: '', new_password2: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFormError(null);
    try {
      await confirmPasswordReset({ uid, token, ...values });
      showToast({ text: t('resetConfirm.success') });
      void navigate('/accounts/login/', { replace: true });
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      if (!fields.new_password1 && !fields.new_password2) setFormError(firstServerError(error, t('resetConfirm.error')));
    } finally {
      setBusy(false);
    }
  };

  const linkValid = uid !== '' && token !== '';
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="reset-confirm-heading">
        <h1 id="reset-confirm-heading" className={styles.lead}>
          {t('resetConfirm.heading')}
        </h1>
        {linkValid ? (
          <>
            <p className={styles.body}>{t('resetConfirm.body', { min: PASSWORD_MIN_LENGTH })}</p>
            <form className={styles.form} onSubmit={onSubmit} noValidate>
              <TextField label={t('resetConfirm.new1')} type="password" revealable autoComplete="new-password" value={values.new_password1} error={errors.new_password1} onChange={(e) => setValues({ ...values, new_password1: e.target.value })} />
              <TextField label={t('resetConfirm.new2')} type="password" revealable autoComplete="new-password" value={values.new_password2} error={errors.new_password2} onChange={(e) => setValues({ ...values, new_password2: e.target.value })} />
              <Button type="submit" block busy={busy} disabled={!values.new_password1 || !values.new_password2} className={styles.submit}>
                {t('resetConfirm.submit')}
              </Button>
              {formError ? (
                <p className={styles.formError} role="alert">
                  {formError}
                </p>
              ) : null}
            </form>
          </>
        ) : (
          <p className={styles.formError} role="alert">
            {t('resetConfirm.invalidLink')}
          </p>
        )}
      </section>
      <p className={`${styles.card} ${styles.secondary}`}>
        <Link to="/accounts/password/reset/">{t('reset.title')}</Link>
      </p>
    </div>
  );
}
