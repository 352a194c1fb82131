import { useState } from 'react';
import type { HighlightResult, StoryItemResult } from '@shutter/contract';
import { useToast } from '../../state/toast/toast-context';
import { firstServerError } from '../../lib/api';
import { useI18n } from '../../lib/i18n/i18n';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icon';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { useCreateHighlight, useEditHighlight, useHighlights } from '../../state/queries/highlights';
import { TitleField } from './highlight-form';
import styles from './highlights.module.css';

/**
 * From the viewer, the owner keeps the story on screen in one of their highlights (a circle per
 * highlight, as on the profile) or in a new one named here, with this story as its cover.
 */
export function AddToHighlightDialog({ ownerId, item, onClose }: { ownerId: string; item: StoryItemResult; onClose: () => void }) {
  const { t } = useI18n();
  const { showToast } = useToast();
  const highlights = useHighlights(ownerId);
  const edit = useEditHighlight(ownerId);
  const create = useCreateHighlight(ownerId);
  const [naming, setNaming] = useState(false);
  const [title, setTitle] = useState('');
  const busy = edit.isPending || create.isPending;
  const done = (name: string) => {
    showToast({ text: t('highlights.added', { title: name }) });
    onClose();
  };
  const addTo = (highlight: HighlightResult) => {
    if (busy) return;
    edit.mutate({ id: highlight.id, edit: { add: [item.id] } }, { onSuccess: () => done(highlight.title) });
  };
  const failure = edit.error ?? create.error;

  let body;
  if (naming) {
    body = (
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate({ title, storyIds: [item.id], coverStoryId: item.id }, { onSuccess: (made) => done(made.title) });
        }}
      >
        <TitleField value={title} onChange={setTitle} />
        {failure ? (
          <p className={styles.error} role="alert">
            {firstServerError(failure, t('highlights.saveFailed'))}
          </p>
        ) : null}
        <div className={styles.formActions}>
          <Button variant="secondary" onClick={() => setNaming(false)}>
            {t('highlights.back')}
          </Button>
          <Button type="submit" busy={create.isPending} disabled={title.trim() === ''}>
            {t('highlights.create')}
          </Button>
        </div>
      </form>
    );
  } else if (highlights.isPending) {
    body = (
      <div className={styles.dialogState}>
        <Spinner size={28} label={t('app.loading')} />
      </div>
    );
  } else if (highlights.isError) {
    body = (
      <div className={styles.dialogState}>
        <p>{t('highlights.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void highlights.refetch()}>
          {t('app.error.retry')}
        </Button>
      </div>
    );
  } else {
    body = (
      <>
        <ul className={`${styles.circles} ${styles.addCircles}`} aria-label={t('highlights.rowLabel')}>
          <li className={styles.circleItem}>
            <button type="button" className={styles.circleLink} onClick={() => setNaming(true)}>
              <span className={`${styles.circle} ${styles.circleNew}`}>
                <Icon name="plus" size={28} strokeWidth={1.5} />
              </span>
              <span className={styles.circleTitle}>{t('highlights.new')}</span>
            </button>
          </li>
          {highlights.data.map((h) => (
            <li key={h.id} className={styles.circleItem}>
              <button type="button" className={styles.circleLink} aria-busy={(edit.isPending && edit.variables?.id === h.id) || undefined} onClick={() => addTo(h)}>
                <span className={styles.circle}>{h.cover_url ? <img src={h.cover_url} alt="" className={styles.circleImage} /> : null}</span>
                <span className={styles.circleTitle}>{h.title}</span>
              </button>
            </li>
          ))}
        </ul>
        {failure ? (
          <p className={`${styles.error} ${styles.dialogError}`} role="alert">
            {firstServerError(failure, t('highlights.saveFailed'))}
          </p>
        ) : null}
      </>
    );
  }

  return (
    <Modal open onClose={onClose} title={naming ? t('highlights.newTitle') : t('highlights.addTitle')} size="sm">
      {body}
    </Modal>
  );
}
