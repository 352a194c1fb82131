import { useReducer, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PHONE_CODE_LENGTH } from '@shutter/contract';
import { firstServerError } from '../../lib/api';
import { useT } from '../../lib/i18n/i18n';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { enableSms, sendSmsSetupCode, type MethodEnabled } from '../../state/queries/two-factor';
import { initialPhoneConfirm, phoneConfirmReducer } from './phone-confirm-reducer';
import styles from './two-factor.module.css';

interface SmsSetupProps {
  /** The account's confirmed number, offered first. */
  suggested: string | null;
  onEnabled: (result: MethodEnabled) => void;
  onCancel: () => void;
}

const digitsOf = (phone: string) => phone.replace(/\D/g, '').slice(-4);

/**
 * Setting up texted codes (R-001-two-factor-1): the phone form, the code requested, the code sent
 * ("sent", or "resent" when one had gone to the number before), then the code turns them on. The
 * steps are the phone confirmation's, and so is its reducer.
 */
export function SmsSetup({ suggested, onEnabled, onCancel }: SmsSetupProps) {
  const t = useT();
  const client = useQueryClient();
  const [state, dispatch] = useReducer(phoneConfirmReducer, initialPhoneConfirm);
  const [phone, setPhone] = useState(suggested ?? '');
  const [code, setCode] = useState('');

  const request = async (number: string) => {
    dispatch({ type: 'request' });
    try {
      const sent = await sendSmsSetupCode(number);
      setCode('');
      dispatch({ type: 'sent', phone: number, resent: sent.resent, at: Date.now() });
    } catch (err) {
      dispatch({ type: 'requestFailed', error: firstServerError(err, t('twoFactorSettings.error')) });
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (state.step !== 'code' || state.submitting) return;
    dispatch({ type: 'submit' });
    try {
      const result = await enableSms(client, state.phone, code);
      dispatch({ type: 'verified', phone: state.phone });
      onEnabled(result);
    } catch (err) {
      dispatch({ type: 'verifyFailed', error: firstServerError(err, t('twoFactorSettings.error')) });
    }
  };

  if (state.step === 'form') {
    return (
      <form className={styles.setup} noValidate onSubmit={(event) => { event.preventDefault(); if (!state.requesting) void request(phone); }}>
        <p className={styles.text}>{t('twoFactorSettings.smsIntro')}</p>
        <div className={styles.form}>
          <TextField
            label={t('twoFactorSettings.phoneLabel')} name="phone_number" type="tel" autoComplete="tel" autoFocus
            hint={t('twoFactorSettings.phoneHint')} value={phone} error={state.error} onChange={(event) => setPhone(event.target.value)}
          />
        </div>
        <div className={styles.actions}>
          <Button type="submit" busy={state.requesting} disabled={!phone.trim()}>
            {t('twoFactorSettings.sendCode')}
          </Button>
          <Button variant="secondary" onClick={onCancel}>
            {t('twoFactorSettings.cancel')}
          </Button>
        </div>
      </form>
    );
  }
  if (state.step !== 'code') return null;
  return (
    <form className={styles.setup} noValidate onSubmit={submit}>
      <p className={styles.notice} role="status">
        {t(state.resent ? 'twoFactorSettings.smsResent' : 'twoFactorSettings.smsSent', { digits: digitsOf(state.phone) })}
      </p>
      <div className={styles.form}>
        <TextField
          label={t('twoFactor.codeLabel')} hint={t('twoFactorSettings.smsEnterCode')} name="verification_code" autoComplete="one-time-code" inputMode="numeric" autoFocus
          maxLength={PHONE_CODE_LENGTH + 2} value={code} error={state.error} onChange={(event) => setCode(event.target.value.replace(/[^\d\s]/g, ''))}
        />
      </div>
      <div className={styles.actions}>
        <Button type="submit" busy={state.submitting} disabled={code.replace(/\s/g, '').length !== PHONE_CODE_LENGTH}>
          {t('twoFactorSettings.next')}
        </Button>
        <Button variant="link" busy={state.requesting} onClick={() => void request(state.phone)}>
          {t('twoFactor.resend')}
        </Button>
        <Button variant="link" onClick={() => dispatch({ type: 'change' })}>
          {t('twoFactorSettings.changeNumber')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('twoFactorSettings.cancel')}
        </Button>
      </div>
    </form>
  );
}
