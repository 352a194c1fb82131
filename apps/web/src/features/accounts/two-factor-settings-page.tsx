import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TwoFactorState } from '@shutter/contract';
import { firstServerError } from '../../lib/api';
import { useDocumentTitle, useT } from '../../lib/i18n/i18n';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { useSession } from '../../state/session';
import { useToast } from '../../state/toast/toast-context';
import { disableTotp, generateTotpKey, regenerateBackupCodes, useTwoFactorState } from '../../state/queries/two-factor';
import { SettingsLayout } from './settings-layout';
import { BackupCodesView } from './two-factor-codes';
import { PasswordDialog } from './two-factor-password-dialog';
import { TwoFactorSetup } from './two-factor-setup';
import styles from './two-factor.module.css';

type Step = { kind: 'idle' } | { kind: 'setup'; seed: string; uri: string } | { kind: 'codes'; codes: string[] };

function OffState({ state, onStart, starting }: { state: TwoFactorState; onStart: () => void; starting: boolean }) {
  const t = useT();
  // R-001-two-factor-5: the app is offered to the accounts the service says may use one.
  const eligible = state.totp_two_factor_enabled !== undefined;
  return (
    <div className={styles.block}>
      <p className={styles.status}>
        <span className={styles.off}>{t('twoFactorSettings.offStatus')}</span>
      </p>
      <p className={styles.text}>{t('twoFactorSettings.offBody')}</p>
      {eligible ? (
        <Button busy={starting} onClick={onStart}>
          {t('twoFactorSettings.useApp')}
        </Button>
      ) : (
        <p className={styles.text}>{t('twoFactorSettings.notEligible')}</p>
      )}
    </div>
  );
}

function OnState({ state, onNewCodes, onTurnOff }: { state: TwoFactorState; onNewCodes: () => void; onTurnOff: () => void }) {
  const t = useT();
  const remaining = state.backup_codes_remaining === 1 ? t('twoFactorSettings.remainingOne') : t('twoFactorSettings.remaining', { count: state.backup_codes_remaining });
  return (
    <div className={styles.block}>
      <p className={styles.status}>
        <span className={styles.on}>{t('twoFactorSettings.onStatus')}</span>
      </p>
      <p className={styles.text}>{t('twoFactorSettings.onBody')}</p>
      <p className={styles.text} data-testid="backup-codes-remaining">{remaining}</p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onNewCodes}>
          {t('twoFactorSettings.newCodes')}
        </Button>
        <Button variant="danger" onClick={onTurnOff}>
          {t('twoFactorSettings.turnOff')}
        </Button>
      </div>
    </div>
  );
}

/** `/accounts/two_factor_authentication/`: turning an authentication app on and off, and backup codes. */
export function TwoFactorSettingsPage() {
  const t = useT();
  useDocumentTitle(t('twoFactorSettings.title'));
  const client = useQueryClient();
  const { viewer } = useSession();
  const { showToast } = useToast();
  const query = useTwoFactorState();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [starting, setStarting] = useState(false);
  const [dialog, setDialog] = useState<'off' | 'codes' | null>(null);

  const start = async () => {
    setStarting(true);
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
  } else if (step.kind === 'setup' && !query.data.two_factor_enabled) {
    content = (
      <TwoFactorSetup
        seed={step.seed}
        uri={step.uri}
        onCancel={() => setStep({ kind: 'idle' })}
        onEnabled={(codes) => {
          showToast({ text: t('twoFactorSettings.turnedOn') });
          setStep({ kind: 'codes', codes });
        }}
      />
    );
  } else if (query.data.two_factor_enabled) {
    content = <OnState state={query.data} onNewCodes={() => setDialog('codes')} onTurnOff={() => setDialog('off')} />;
  } else content = <OffState state={query.data} starting={starting} onStart={() => void start()} />;

  return (
    <SettingsLayout title={t('twoFactorSettings.title')}>
      {content}
      <PasswordDialog
        open={dialog === 'off'}
        title={t('twoFactorSettings.turnOffTitle')}
        body={t('twoFactorSettings.turnOffBody')}
        confirmText={t('twoFactorSettings.turnOff')}
        danger
        onClose={() => setDialog(null)}
        onConfirm={async (password) => {
          await disableTotp(client, password);
          setDialog(null);
          showToast({ text: t('twoFactorSettings.turnedOff') });
        }}
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
