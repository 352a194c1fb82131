import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TwoFactorState } from '@shutter/contract';
import { firstServerError } from '../../lib/api';
import { useDocumentTitle, useT } from '../../lib/i18n/i18n';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { useSession } from '../../state/session';
import { useToast } from '../../state/toast/toast-context';
import { disableSms, disableTotp, generateTotpKey, regenerateBackupCodes, useTwoFactorState, type MethodEnabled } from '../../state/queries/two-factor';
import { SettingsLayout } from './settings-layout';
import { BackupCodesView } from './two-factor-codes';
import { PasswordDialog } from './two-factor-password-dialog';
import { TwoFactorSetup } from './two-factor-setup';
import { SmsSetup } from './two-factor-sms-setup';
import styles from './two-factor.module.css';

type Step = { kind: 'idle' } | { kind: 'setup'; seed: string; uri: string } | { kind: 'sms' } | { kind: 'codes'; codes: string[] };
type Dialog = 'offApp' | 'offSms' | 'codes' | null;

const lastFour = (phone: string | null) => (phone ?? '').replace(/\D/g, '').slice(-4);

/** One way of receiving codes: its name, what it does now, and its action. */
function Method({ id, title, body, children }: { id: string; title: string; body: string; children: ReactNode }) {
  return (
    <section className={styles.method} aria-labelledby={`${id}-title`}>
      <div className={styles.methodText}>
        <h2 id={`${id}-title`} className={styles.heading}>{title}</h2>
        <p className={styles.text}>{body}</p>
      </div>
      <div className={styles.methodAction}>{children}</div>
    </section>
  );
}

interface OverviewProps {
  state: TwoFactorState;
  notice: string | null;
  starting: boolean;
  onStartApp: () => void;
  onStartSms: () => void;
  onDialog: (dialog: Dialog) => void;
}

/** Whether two-factor is on, each method with its action, and the backup codes while on. */
function Overview({ state, notice, starting, onStartApp, onStartSms, onDialog }: OverviewProps) {
  const t = useT();
  // R-001-two-factor-5: the app is offered to the accounts the service says may use one; the
  // same accounts (those with a password, which turning a method off asks for) may use texts.
  const eligible = state.totp_two_factor_enabled !== undefined;
  const on = state.two_factor_enabled;
  const remaining = state.backup_codes_remaining === 1 ? t('twoFactorSettings.remainingOne') : t('twoFactorSettings.remaining', { count: state.backup_codes_remaining });
  return (
    <div className={styles.block}>
      <p className={styles.status}>
        <span className={on ? styles.on : styles.off}>{on ? t('twoFactorSettings.onStatus') : t('twoFactorSettings.offStatus')}</span>
      </p>
      <p className={styles.text}>{on ? t('twoFactorSettings.onBody') : t('twoFactorSettings.offBody')}</p>
      {notice ? <p className={styles.notice} role="status">{notice}</p> : null}
      {eligible ? null : <p className={styles.text}>{t('twoFactorSettings.notEligible')}</p>}
      <div className={styles.methods}>
        <Method id="two-factor-app" title={t('twoFactorSettings.appTitle')} body={state.totp_two_factor_enabled ? t('twoFactorSettings.appOn') : t('twoFactorSettings.appOff')}>
          {state.totp_two_factor_enabled ? (
            <Button variant="danger" onClick={() => onDialog('offApp')}>{t('twoFactorSettings.turnOff')}</Button>
          ) : eligible ? (
            <Button variant={on ? 'secondary' : 'primary'} busy={starting} onClick={onStartApp}>{t('twoFactorSettings.useApp')}</Button>
          ) : null}
        </Method>
        <Method
          id="two-factor-sms" title={t('twoFactorSettings.smsTitle')}
          body={state.sms_two_factor_enabled ? t('twoFactorSettings.smsOn', { digits: lastFour(state.phone_number) }) : t('twoFactorSettings.smsOff')}
        >
          {state.sms_two_factor_enabled ? (
            <Button variant="danger" onClick={() => onDialog('offSms')}>{t('twoFactorSettings.turnOffSms')}</Button>
          ) : eligible ? (
            <Button variant={on ? 'secondary' : 'primary'} onClick={onStartSms}>{t('twoFactorSettings.useSms')}</Button>
          ) : null}
        </Method>
      </div>
      {on ? (
        <section className={`${styles.block} ${styles.backup}`} aria-labelledby="backup-codes-heading">
          <h2 id="backup-codes-heading" className={styles.heading}>{t('twoFactorSettings.codesLabel')}</h2>
          <p className={styles.text} data-testid="backup-codes-remaining">{remaining}</p>
          <Button variant="secondary" onClick={() => onDialog('codes')}>{t('twoFactorSettings.newCodes')}</Button>
        </section>
      ) : null}
    </div>
  );
}

/** `/accounts/two_factor_authentication/`: an authentication app and texted codes, each on and off, and backup codes. */
export function TwoFactorSettingsPage() {
  const t = useT();
  useDocumentTitle(t('twoFactorSettings.title'));
  const client = useQueryClient();
  const { viewer } = useSession();
  const { showToast } = useToast();
  const query = useTwoFactorState();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [starting, setStarting] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const start = async () => {
    setStarting(true);
    setNotice(null);
    try {
      const key = await generateTotpKey();
      setStep({ kind: 'setup', seed: key.totp_seed, uri: key.otpauth_uri });
    } catch (err) {
      // R-001-two-factor-6: the server's message, else a generic two-factor one.
      showToast({ text: firstServerError(err, t('twoFactorSettings.error')) });
    } finally {
      setStarting(false);
    }
  };

  // Backup codes are shared: the first method on shows new ones; a second keeps them and says so.
  const enabled = ({ codes, kept }: MethodEnabled) => {
    showToast({ text: t('twoFactorSettings.turnedOn') });
    if (kept) {
      setNotice(t('twoFactorSettings.codesKept'));
      setStep({ kind: 'idle' });
    } else setStep({ kind: 'codes', codes });
  };

  // Whether two-factor stays on when one method goes off: the other one is on.
  const otherOn = dialog === 'offApp' ? Boolean(query.data?.sms_two_factor_enabled) : Boolean(query.data?.totp_two_factor_enabled);
  const turnOff = async (password: string) => {
    await (dialog === 'offSms' ? disableSms(client, password) : disableTotp(client, password));
    setDialog(null);
    setNotice(null);
    showToast({ text: otherOn ? t(dialog === 'offSms' ? 'twoFactorSettings.smsTurnedOff' : 'twoFactorSettings.appTurnedOff') : t('twoFactorSettings.turnedOff') });
  };

  let content;
  if (query.isPending) content = <div className={styles.state}><Spinner size={24} label={t('app.loading')} /></div>;
  else if (query.isError) {
    content = (
      <div className={styles.state}>
        <p role="alert">{t('twoFactorSettings.loadError')}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('twoFactorSettings.retry')}
        </Button>
      </div>
    );
  } else if (step.kind === 'codes') {
    content = <BackupCodesView codes={step.codes} username={viewer?.username ?? ''} onDone={() => setStep({ kind: 'idle' })} />;
  } else if (step.kind === 'setup' && !query.data.totp_two_factor_enabled) {
    content = <TwoFactorSetup seed={step.seed} uri={step.uri} onCancel={() => setStep({ kind: 'idle' })} onEnabled={enabled} />;
  } else if (step.kind === 'sms' && !query.data.sms_two_factor_enabled) {
    content = <SmsSetup suggested={query.data.phone_number} onCancel={() => setStep({ kind: 'idle' })} onEnabled={enabled} />;
  } else {
    content = (
      <Overview
        state={query.data} notice={notice} starting={starting} onStartApp={() => void start()}
        onStartSms={() => { setNotice(null); setStep({ kind: 'sms' }); }} onDialog={setDialog}
      />
    );
  }

  const offTitle = dialog === 'offSms' ? 'twoFactorSettings.turnOffSmsTitle' : 'twoFactorSettings.turnOffAppTitle';
  return (
    <SettingsLayout title={t('twoFactorSettings.title')}>
      {content}
      <PasswordDialog
        open={dialog === 'offApp' || dialog === 'offSms'}
        title={otherOn ? t(offTitle) : t('twoFactorSettings.turnOffTitle')}
        body={otherOn ? t('twoFactorSettings.turnOffMethodBody') : t('twoFactorSettings.turnOffBody')}
        confirmText={t('twoFactorSettings.turnOff')}
        danger
        onClose={() => setDialog(null)}
        onConfirm={turnOff}
      />
      <PasswordDialog
        open={dialog === 'codes'}
        title={t('twoFactorSettings.passwordTitle')}
        confirmText={t('twoFactorSettings.continue')}
        onClose={() => setDialog(null)}
        onConfirm={async (password) => {
          const codes = await regenerateBackupCodes(client, password);
          setDialog(null);
          setStep({ kind: 'codes', codes });
        }}
      />
    </SettingsLayout>
  );
}
