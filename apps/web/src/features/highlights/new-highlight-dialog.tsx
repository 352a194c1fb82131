import { useState } from 'react';
import type { ArchivedStoryResult } from '@shutter/contract';
import { firstServerError } from '../../lib/api';
import { useI18n } from '../../lib/i18n/i18n';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { useCreateHighlight } from '../../state/queries/highlights';
import { CoverPicker, TitleField } from './highlight-form';
import styles from './highlights.module.css';

/** Names the stories chosen in the archive as a new highlight, with its cover. */
export function NewHighlightDialog({ ownerId, stories, onClose, onCreated }: { ownerId: string; stories: ArchivedStoryResult[]; onClose: () => void; onCreated: () => void }) {
  const { t } = useI18n();
  const [title, setTitle] = useState('');
  const [cover, setCover] = useState<string | null>(null);
  const create = useCreateHighlight(ownerId);
  const submit = () =>
    create.mutate({ title, storyIds: stories.map((s) => s.id), coverStoryId: cover }, { onSuccess: onCreated });
  return (
    <Modal open onClose={onClose} title={t('highlights.newTitle')} size="md">
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TitleField value={title} onChange={setTitle} />
        <CoverPicker stories={stories} value={cover} onChange={setCover} />
        {create.isError ? (
          <p className={styles.error} role="alert">
            {firstServerError(create.error, t('highlights.saveFailed'))}
          </p>
        ) : null}
        <div className={styles.formActions}>
          <Button variant="secondary" onClick={onClose}>
            {t('highlights.cancel')}
          </Button>
          <Button type="submit" busy={create.isPending} disabled={title.trim() === ''}>
            {t('highlights.create')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
