import { useEffect, useReducer, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { PHONE_CODE_LENGTH, PHONE_CODE_RESEND_AFTER_MS } from '@shutter/contract';
import { firstServerError } from '../../lib/api';
import { useDocumentTitle, useT } from '../../lib/i18n/i18n';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { confirmPhone, sendPhoneCode } from '../../state/queries/contacts';
import { useEditProfile } from '../../state/queries/settings';
import { initialPhoneConfirm, phoneConfirmReducer, type PhoneConfirmState } from './phone-confirm-reducer';
import { SettingsLayout } from './settings-layout';
import settings from './settings.module.css';
import styles from './contacts.module.css';

/** Seconds before another code may be asked for, ticking down. */
function useSecondsLeft(sentAt: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (sentAt === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [sentAt]);
  return sentAt === null ? 0 : Math.max(0, Math.ceil((sentAt + PHONE_CODE_RESEND_AFTER_MS - now) / 1000));
}

/** `/accounts/confirm_phone/` (R-000-routes-22): a number, a texted code, confirmed. */
export function PhoneConfirmPage() {
  const t = useT();
  useDocumentTitle(t('contacts.phone.title'));
  const client = useQueryClient();
  const saved = useEditProfile().data?.form_data;
  const [state, dispatch] = useReducer(phoneConfirmReducer, initialPhoneConfirm);
  const [phone, setPhone] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const number = phone ?? saved?.phone_number ?? '';

  const request = async (value: string) => {
    dispatch({ type: 'request' });
    try {
      const sent = await sendPhoneCode(value);
      setCode('');
      dispatch({ type: 'sent', phone: sent.phone_number, resent: sent.resent, at: Date.now() });
    } catch (error) {
      dispatch({ type: 'requestFailed', error: firstServerError(error, t('contacts.phone.sendFailed')) });
    }
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    dispatch({ type: 'submit' });
    try {
      dispatch({ type: 'verified', phone: await confirmPhone(client, code) });
    } catch (error) {
      dispatch({ type: 'verifyFailed', error: firstServerError(error, t('contacts.phone.failed')) });
    }
  };

  return (
    <SettingsLayout title={t('contacts.phone.title')}>
      {saved?.is_phone_confirmed && state.step === 'form' ? <p className={styles.notice}>{t('contacts.phone.current', { phone: saved.phone_number ?? '' })}</p> : null}
      {state.step === 'form' ? (
        <form className={settings.form} noValidate onSubmit={(event) => { event.preventDefault(); void request(number); }}>
          <p className={settings.intro}>{t('contacts.phone.intro')}</p>
          <TextField label={t('contacts.phone.number')} name="phone_number" type="tel" autoComplete="tel" value={number} hint={t('contacts.phone.numberHint')} error={state.error} onChange={(event) => setPhone(event.target.value)} />
          <div className={settings.actions}>
            <Button type="submit" busy={state.requesting} disabled={!number.trim()}>
              {t('contacts.phone.send')}
            </Button>
          </div>
        </form>
      ) : null}
      {state.step === 'code' ? <CodeStep state={state} code={code} onCode={setCode} onSubmit={submit} onResend={() => void request(state.phone)} onChange={() => dispatch({ type: 'change' })} /> : null}
      {state.step === 'confirmed' ? (
        <div className={settings.form}>
          <p role="status" className={styles.notice}>{t('contacts.phone.confirmed', { phone: state.phone })}</p>
          <Link to="/accounts/edit/">{t('contacts.phone.done')}</Link>
        </div>
      ) : null}
    </SettingsLayout>
  );
}

interface CodeStepProps {
  state: Extract<PhoneConfirmState, { step: 'code' }>;
  code: string;
  onCode: (code: string) => void;
  onSubmit: (event: FormEvent) => void;
  onResend: () => void;
  onChange: () => void;
}

/** Once a code is sent: "sent" (or "resent"), the code field, and a new code after a minute. */
function CodeStep({ state, code, onCode, onSubmit, onResend, onChange }: CodeStepProps) {
  const t = useT();
  const secondsLeft = useSecondsLeft(state.sentAt);
  return (
    <form className={settings.form} noValidate onSubmit={onSubmit}>
      <p role="status" className={styles.notice}>
        {t(state.resent ? 'contacts.phone.resent' : 'contacts.phone.sent', { phone: state.phone })}
      </p>
      <TextField
        label={t('contacts.phone.code')} name="verification_code" inputMode="numeric" autoComplete="one-time-code" maxLength={PHONE_CODE_LENGTH + 2}
        value={code} error={state.error} onChange={(event) => onCode(event.target.value)}
      />
      <div className={`${settings.actions} ${styles.row}`}>
        <Button type="submit" busy={state.submitting} disabled={code.replace(/\s/g, '').length !== PHONE_CODE_LENGTH}>
          {t('contacts.phone.confirm')}
        </Button>
        <Button variant="link" busy={state.requesting} disabled={secondsLeft > 0} onClick={onResend}>
          {t('contacts.phone.resend')}
        </Button>
        <Button variant="link" onClick={onChange}>
          {t('contacts.phone.change')}
        </Button>
      </div>
      {secondsLeft > 0 ? <p className={settings.intro}>{t('contacts.phone.resendIn', { seconds: secondsLeft })}</p> : null}
    </form>
  );
}
