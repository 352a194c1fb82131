import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { normalizeCode, TOTP_CODE_LENGTH } from '@shutter/contract';
import { firstServerError } from '../../lib/api';
import { useT } from '../../lib/i18n/i18n';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { enableTotp, type MethodEnabled } from '../../state/queries/two-factor';
import styles from './two-factor.module.css';

/** The secret in groups of four, as people type it into an app. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

interface SetupProps {
  seed: string;
  uri: string;
  onEnabled: (result: MethodEnabled) => void;
  onCancel: () => void;
}

/** Setting up an authentication app: the QR code and the key, then a code from the app to turn it on. */
export function TwoFactorSetup({ seed, uri, onEnabled, onCancel }: SetupProps) {
  const t = useT();
  const client = useQueryClient();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ready = normalizeCode(code).length === TOTP_CODE_LENGTH;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(seed);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    try {
      onEnabled(await enableTotp(client, code));
    } catch (err) {
      setError(firstServerError(err, t('twoFactorSettings.error')));
      setBusy(false);
    }
  };

  return (
    <div className={styles.setup}>
      <p className={styles.text}>{t('twoFactorSettings.scan')}</p>
      <div className={styles.qr} role="img" aria-label={t('twoFactorSettings.qrLabel')}>
        <QRCodeSVG value={uri} size={176} marginSize={2} aria-hidden="true" />
      </div>
      <div className={styles.secretRow} role="group" aria-labelledby="totp-secret-label">
        <span className={styles.secretLabel} id="totp-secret-label">
          {t('twoFactorSettings.secretLabel')}
        </span>
        <code className={styles.secret}>
          {grouped(seed)}
        </code>
        <Button variant="secondary" onClick={() => void copy()}>
          {copied ? t('twoFactorSettings.copied') : t('twoFactorSettings.copyKey')}
        </Button>
      </div>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <TextField
          label={t('twoFactor.codeLabel')}
          hint={t('twoFactorSettings.enterCode')}
          name="verification_code"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={TOTP_CODE_LENGTH + 2}
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/[^\d\s]/g, ''))}
        />
        {error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" busy={busy} disabled={!ready}>
            {t('twoFactorSettings.next')}
          </Button>
          <Button variant="secondary" onClick={onCancel}>
            {t('twoFactorSettings.cancel')}
          </Button>
        </div>
      </form>
    </div>
  );
}
