import { useMemo, useState } from 'react';
import type { ArchivedStoryResult, HighlightResult } from '@shutter/contract';
import { firstServerError } from '../../lib/api';
import { useI18n } from '../../lib/i18n/i18n';
import { Button } from '../../ui/button';
import { ConfirmDialog, Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { useDeleteHighlight, useEditHighlight, useStoryArchive } from '../../state/queries/highlights';
import { CoverPicker, StoryPicker, TitleField } from './highlight-form';
import { smallestSrc } from './story-thumb';
import styles from './highlights.module.css';

/**
 * The owner's changes to a highlight: its name, its stories (picked from the archive, where each
 * story says which highlights hold it), its cover, or deleting it.
 */
export function EditHighlightDialog({ ownerId, highlight, onClose }: { ownerId: string; highlight: HighlightResult; onClose: () => void }) {
  const { t } = useI18n();
  const archive = useStoryArchive();
  const stories = useMemo(() => archive.data?.pages.flatMap((p) => p.items) ?? [], [archive.data]);
  const inHighlight = useMemo(() => new Set(stories.filter((s) => s.highlight_ids.includes(highlight.id)).map((s) => s.id)), [stories, highlight.id]);
  const [title, setTitle] = useState(highlight.title);
  const [added, setAdded] = useState<string[]>([]);
  const [removed, setRemoved] = useState<string[]>([]);
  const [cover, setCover] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const edit = useEditHighlight(ownerId);
  const remove = useDeleteHighlight(ownerId);

  const selected = new Set([...inHighlight, ...added].filter((id) => !removed.includes(id)));
  const chosen = stories.filter((s) => selected.has(s.id));
  // The cover shown now, found among the stories by its picture.
  const currentCover = stories.find((s) => smallestSrc(s) === highlight.cover_url)?.id ?? null;
  const coverValue = cover && selected.has(cover) ? cover : currentCover && selected.has(currentCover) ? currentCover : null;
  const toggle = (story: ArchivedStoryResult) => {
    const on = selected.has(story.id);
    if (on) {
      setAdded((ids) => ids.filter((id) => id !== story.id));
      if (inHighlight.has(story.id)) setRemoved((ids) => [...ids, story.id]);
    } else {
      setRemoved((ids) => ids.filter((id) => id !== story.id));
      if (!inHighlight.has(story.id)) setAdded((ids) => [...ids, story.id]);
    }
  };
  const save = () =>
    edit.mutate(
      {
        id: highlight.id,
        edit: {
          title: title !== highlight.title ? title : undefined,
          coverStoryId: cover && selected.has(cover) && cover !== currentCover ? cover : undefined,
          add: added,
          remove: removed,
        },
      },
      { onSuccess: onClose },
    );

  return (
    <>
      <Modal open={!confirming} onClose={onClose} title={t('highlights.editTitle')} size="md">
        <form
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <TitleField value={title} onChange={setTitle} />
          {archive.data ? (
            <>
              <CoverPicker stories={chosen} value={coverValue} onChange={setCover} />
              <div className={styles.field}>
                <span className={styles.fieldLabel}>{t('highlights.stories', { count: selected.size })}</span>
                <div className={styles.pickScroll}>
                  <StoryPicker stories={stories} selected={selected} onToggle={toggle} />
                  {archive.hasNextPage ? (
                    <Button variant="link" busy={archive.isFetchingNextPage} onClick={() => void archive.fetchNextPage()}>
                      {t('highlights.loadMore')}
                    </Button>
                  ) : null}
                </div>
              </div>
            </>
          ) : archive.isError ? (
            <p className={styles.error}>{t('app.error.body')}</p>
          ) : (
            <div className={styles.state}>
              <Spinner size={24} label={t('app.loading')} />
            </div>
          )}
          {edit.isError ? (
            <p className={styles.error} role="alert">
              {firstServerError(edit.error, t('highlights.saveFailed'))}
            </p>
          ) : null}
          <div className={styles.formActions}>
            <Button variant="danger" onClick={() => setConfirming(true)}>
              {t('highlights.delete')}
            </Button>
            <Button type="submit" busy={edit.isPending} disabled={title.trim() === '' || selected.size === 0}>
              {t('highlights.save')}
            </Button>
          </div>
        </form>
      </Modal>
      <ConfirmDialog
        open={confirming}
        title={t('highlights.deleteTitle')}
        body={remove.isError ? firstServerError(remove.error, t('highlights.saveFailed')) : t('highlights.deleteBody')}
        confirmText={t('highlights.delete')}
        cancelText={t('highlights.cancel')}
        busy={remove.isPending}
        onConfirm={() => remove.mutate(highlight.id, { onSuccess: onClose })}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
