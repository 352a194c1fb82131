import { useEffect, useState } from 'react';
import { useT } from '../../lib/i18n/i18n';
import { Button } from '../../ui/button';
import styles from './two-factor.module.css';

/** The backup codes, shown once: to copy, or to keep as a text file. */
export function BackupCodesView({ codes, username, onDone }: { codes: string[]; username: string; onDone: () => void }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const [download, setDownload] = useState<string | null>(null);
  const text = `${t('twoFactorSettings.codesFileHeader', { username })}\n\n${codes.join('\n')}\n`;

  // A link to the codes as a file; its address is let go when the codes leave the screen.
  useEffect(() => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    setDownload(url);
    return () => URL.revokeObjectURL(url);
  }, [text]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <section className={styles.codesBox} aria-labelledby="backup-codes-title">
      <h2 id="backup-codes-title" className={styles.heading}>
        {t('twoFactorSettings.codesTitle')}
      </h2>
      <p className={styles.text}>{t('twoFactorSettings.codesBody')}</p>
      <ul className={styles.codes} aria-label={t('twoFactorSettings.codesLabel')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => void copy()}>
          {copied ? t('twoFactorSettings.copied') : t('twoFactorSettings.copyCodes')}
        </Button>
        {download ? (
          <a className={styles.download} href={download} download={`shutter-backup-codes-${username}.txt`}>
            {t('twoFactorSettings.download')}
          </a>
        ) : null}
        <Button onClick={onDone}>{t('twoFactorSettings.done')}</Button>
      </div>
    </section>
  );
}
