import { useEffect, useReducer, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CONTACT_FILE_MAX_MB, type ContactImportEntry, type ListedUser } from '@shutter/contract';
import { useDocumentTitle, useI18n, useT } from '../../lib/i18n/i18n';
import { setUserPreference, useUserPreference } from '../../lib/user-preferences';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { deleteImportedContacts, fetchRelatedProfiles, importContacts, refreshContactHistory, useContactHistory, useImportFound } from '../../state/queries/contact-import';
import { useSession } from '../../state/session';
import { useToast } from '../../state/toast/toast-context';
import { SettingsLayout } from '../accounts/settings-layout';
import { chooseContactsFile, deleteContacts, type ContactSyncDeps } from './contact-sync-actions';
import { contactSyncReducer, initialContactSync, type ContactSyncState } from './contact-sync-reducer';
import { FoundPeople } from './found-people';
import styles from './contact-import.module.css';

/** `/accounts/contact_history/`: find friends from a contacts file, the imports so far, and deleting them. */
export function ContactHistoryPage() {
  const t = useT();
  useDocumentTitle(t('contactImport.title'));
  const { viewer } = useSession();
  const viewerId = viewer?.id ?? null;
  const client = useQueryClient();
  const { showToast } = useToast();
  const history = useContactHistory();
  const [state, dispatch] = useReducer(contactSyncReducer, initialContactSync);
  const input = useRef<HTMLInputElement>(null);
  const syncOn = useUserPreference(viewerId, 'allowContactsSync');

  useEffect(() => {
    if (history.isError) dispatch({ type: 'historyFailed' });
  }, [history.isError]);

  const words = { denied: 'contactImport.denied', importFailed: 'contactImport.importFailed', deleteFailed: 'contactImport.deleteFailed' } as const;
  const deps: ContactSyncDeps = {
    dispatch,
    upload: (file, onProgress) => importContacts(client, file, onProgress),
    remove: deleteImportedContacts,
    storeSyncPreference: (allowed) => setUserPreference(viewerId, 'allowContactsSync', allowed),
    retryToast: (kind, retry, message) => showToast({ text: message ? `${t(words[kind])} ${message}` : t(words[kind]), actionText: t('contactImport.retry'), onAction: retry }),
    deletedToast: () => showToast({ text: t('contactImport.deleted') }),
    refresh: () => void refreshContactHistory(client),
    reopenChooser: () => input.current?.click(),
  };

  // Closing the file chooser without a file denies the import (React has no prop for this event).
  const denyRef = useRef<() => void>(() => undefined);
  useEffect(() => {
    denyRef.current = () => void chooseContactsFile(null, deps);
  });
  useEffect(() => {
    const element = input.current;
    const onCancel = () => denyRef.current();
    element?.addEventListener('cancel', onCancel);
    return () => element?.removeEventListener('cancel', onCancel);
  }, []);

  const consent = () => {
    dispatch({ type: 'consent' });
    input.current?.click();
  };
  const onChosen = (file: File | null) => {
    if (input.current) input.current.value = '';
    void chooseContactsFile(file, deps);
  };
  const remove = () => void deleteContacts(deps);
  const loadRelated = (user: ListedUser) => {
    dispatch({ type: 'relatedRequested', userId: user.id });
    fetchRelatedProfiles(user.id).then(
      (items) => dispatch({ type: 'relatedLoaded', userId: user.id, items }),
      () => dispatch({ type: 'relatedFailed', userId: user.id }),
    );
  };

  const imports = history.data?.imports ?? [];
  // The cached copy carries follows made since the import.
  const cachedFound = useImportFound();
  const shown = state.step === 'results' && cachedFound ? { ...state, found: cachedFound } : state;
  return (
    <SettingsLayout title={t('contactImport.title')}>
      <input
        ref={input}
        type="file"
        accept=".vcf,.vcard,.csv,text/vcard,text/x-vcard,text/csv"
        className={styles.fileInput}
        aria-label={t('contactImport.fileLabel')}
        tabIndex={-1}
        onChange={(event) => onChosen(event.target.files?.[0] ?? null)}
      />
      <SyncStep state={shown} syncOn={syncOn} onConsent={consent} onDeny={() => void chooseContactsFile(null, deps)} onDone={() => dispatch({ type: 'importAgain' })} onRelated={loadRelated} />
      {state.step === 'results' ? null : <HistoryPeople loading={history.isPending} failed={history.isError} users={history.data?.users ?? []} state={state} onRelated={loadRelated} onRetry={() => void history.refetch()} />}
      <section className={styles.section} aria-labelledby="contact-imports">
        <h2 id="contact-imports" className={styles.heading}>{t('contactImport.historyTitle')}</h2>
        {history.isPending ? <Spinner size={20} label={t('app.loading')} /> : imports.length === 0 ? <p className={styles.muted}>{t('contactImport.noHistory')}</p> : <ImportList imports={imports} />}
        {imports.length > 0 || state.step === 'results' ? (
          <Button variant="danger" busy={state.deleting} onClick={() => dispatch({ type: 'deleteAsked' })}>
            {t('contactImport.deleteAll')}
          </Button>
        ) : null}
      </section>
      <ConfirmDialog
        open={state.confirmingDelete}
        title={t('contactImport.deleteTitle')}
        body={t('contactImport.deleteBody')}
        confirmText={t('contactImport.deleteConfirm')}
        cancelText={t('contactImport.cancel')}
        busy={state.deleting}
        onConfirm={remove}
        onCancel={() => dispatch({ type: 'deleteCancelled' })}
      />
    </SettingsLayout>
  );
}

interface SyncStepProps {
  state: ContactSyncState;
  syncOn: boolean;
  onConsent: () => void;
  onDeny: () => void;
  onDone: () => void;
  onRelated: (user: ListedUser) => void;
}

/** The flow's current step: the explanation with its consent, the upload's progress, or the people found. */
function SyncStep({ state, syncOn, onConsent, onDeny, onDone, onRelated }: SyncStepProps) {
  const t = useT();
  if (state.step === 'uploading') {
    const percent = Math.round(state.progress * 100);
    return (
      <section className={styles.card} aria-live="polite">
        <p className={styles.cardTitle}>{t('contactImport.uploading')}</p>
        <div className={styles.progress} role="progressbar" aria-label={t('contactImport.progress')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
          <span className={styles.progressBar} style={{ width: `${percent}%` }} />
        </div>
      </section>
    );
  }
  if (state.step === 'results') {
    return (
      <section className={styles.section} aria-labelledby="contact-found">
        <h2 id="contact-found" className={styles.heading}>{t('contactImport.foundTitle')}</h2>
        <p className={styles.muted}>{t('contactImport.foundCount', { count: state.found.length })}</p>
        {state.found.length === 0 ? <p className={styles.muted}>{t('contactImport.noneFound')}</p> : <FoundPeople users={state.found} related={state.related} onRelated={onRelated} />}
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onDone}>{t('contactImport.done')}</Button>
        </div>
      </section>
    );
  }
  return (
    <section className={styles.card} aria-labelledby="contact-permission">
      <h2 id="contact-permission" className={styles.cardTitle}>{t('contactImport.permissionTitle')}</h2>
      <p>{t('contactImport.permissionBody', { mb: CONTACT_FILE_MAX_MB })}</p>
      <p className={styles.muted}>{t('contactImport.permissionPrivacy')}</p>
      {syncOn ? <p className={styles.muted}>{t('contactImport.syncOn')}</p> : null}
      <div className={styles.actions}>
        <Button onClick={onConsent}>{syncOn ? t('contactImport.chooseAnother') : t('contactImport.choose')}</Button>
        {syncOn ? null : <Button variant="secondary" onClick={onDeny}>{t('contactImport.notNow')}</Button>}
      </div>
    </section>
  );
}

interface HistoryPeopleProps {
  loading: boolean;
  failed: boolean;
  users: ListedUser[];
  state: ContactSyncState;
  onRelated: (user: ListedUser) => void;
  onRetry: () => void;
}

function HistoryPeople({ loading, failed, users, state, onRelated, onRetry }: HistoryPeopleProps) {
  const t = useT();
  let body;
  if (loading) body = <Spinner size={20} label={t('app.loading')} />;
  else if (failed)
    body = (
      <div role="alert" className={styles.muted}>
        <p>{t('contactImport.loadFailed')}</p>
        <Button variant="secondary" onClick={onRetry}>{t('contactImport.retry')}</Button>
      </div>
    );
  else if (users.length === 0) body = <p className={styles.muted}>{t('contactImport.noPeople')}</p>;
  else body = <FoundPeople users={users} related={state.related} onRelated={onRelated} />;
  return (
    <section className={styles.section} aria-labelledby="contact-people">
      <h2 id="contact-people" className={styles.heading}>{t('contactImport.peopleTitle')}</h2>
      {body}
    </section>
  );
}

function ImportList({ imports }: { imports: ContactImportEntry[] }) {
  const { t, locale } = useI18n();
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <ul className={styles.imports}>
      {imports.map((entry) => (
        <li key={entry.id} className={styles.importRow}>
          <span>{t('contactImport.historyEntry', { source: t(entry.source === 'vcard' ? 'contactImport.sourceVcard' : 'contactImport.sourceCsv'), contacts: entry.contact_count, matches: entry.match_count })}</span>
          <time className={styles.muted} dateTime={new Date(entry.created_at * 1000).toISOString()}>{date.format(new Date(entry.created_at * 1000))}</time>
        </li>
      ))}
    </ul>
  );
}

