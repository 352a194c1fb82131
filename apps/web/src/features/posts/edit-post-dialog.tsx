import { useEffect, useId, useReducer, useRef, useState } from 'react';
import { MAX_USERTAGS, type MediaNode } from '@shutter/contract';
import { firstServerError } from '../../lib/api';
import { useT } from '../../lib/i18n/i18n';
import { ConfirmDialog } from '../../ui/modal';
import { captionProblem } from '../create/caption';
import { CaptionField } from '../create/caption-field';
import { fitStyle } from '../create/cropped-canvas';
import { AltTextField } from '../create/details-fields';
import { LocationPicker } from '../create/location-picker';
import { FlowShell } from '../create/flow-shell';
import { ThumbStrip } from '../create/item-strip';
import { TagSurface, type TagSpot } from '../create/tag-photo';
import { TagSearch } from '../create/tag-search';
import { draftOf, editReducer, editRequest, tagCount, type EditItem } from './edit-draft';
import { useEditPost } from '../../state/queries/post';
import detailStyles from '../create/details.module.css';
import stepStyles from '../create/steps.module.css';
import styles from './edit-post.module.css';

const ratioOf = (item: EditItem) => (item.width && item.height ? item.width / item.height : 1);

/**
 * The owner's edit of a post (from its "•••" menu): caption, place, and per item people tags and
 * alt text, with the create flow's fields. A modal on desktop, the whole screen on a phone; Save
 * sends only what changed, Cancel (or Escape) drops the draft after asking when there is one.
 */
export function EditPostDialog({ post, onClose }: { post: MediaNode; onClose: () => void }) {
  const t = useT();
  const tagsId = useId();
  // Focus goes back to the menu's button when the screen closes.
  const [opener] = useState(() => document.activeElement as HTMLElement | null);
  useEffect(() => () => opener?.focus?.(), [opener]);
  const [original] = useState(() => draftOf(post));
  const [draft, dispatch] = useReducer(editReducer, original);
  const [spot, setSpot] = useState<TagSpot | null>(null);
  const [confirming, setConfirming] = useState(false);
  const save = useEditPost(post, onClose);
  const errorRef = useRef<HTMLDivElement>(null);

  const request = editRequest(draft, original);
  const busy = save.isPending;
  const item = draft.items[draft.active] ?? draft.items[0]!;
  const full = tagCount(draft) >= MAX_USERTAGS;
  const invalid = captionProblem(draft.caption) !== null;

  // On a phone the message sits below the picture: bring it into view.
  useEffect(() => {
    if (save.isError) errorRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [save.isError, save.failureCount]);

  const cancel = () => {
    if (busy) return;
    if (request) setConfirming(true);
    else onClose();
  };
  const submit = () => {
    if (request && !invalid && !busy) save.mutate(request);
  };
  const hint = item.isVideo ? t('create.tags.videos') : full ? t('postEdit.tagsLimit', { max: MAX_USERTAGS }) : t('create.tags.hint');

  return (
    <>
      <FlowShell
        title={t('postEdit.title')}
        wide
        onClose={cancel}
        closeText={t('postEdit.cancel')}
        closeDisabled={busy}
        action={{ label: busy ? t('postEdit.saving') : t('postEdit.save'), onClick: submit, disabled: !request || invalid, busy }}
      >
        <div className={stepStyles.split}>
          <div className={stepStyles.media}>
            {item.isVideo ? (
              <div className={stepStyles.stage}>
                <img className={styles.picture} style={fitStyle(ratioOf(item))} src={item.src} alt="" />
              </div>
            ) : (
              <TagSurface
                key={item.key}
                style={fitStyle(ratioOf(item))}
                tags={item.usertags}
                pending={spot}
                onPlace={full ? () => undefined : setSpot}
                onRemove={(userId) => dispatch({ type: 'removeTag', userId })}
                disabled={busy}
              >
                <img className={styles.picture} src={item.src} alt="" draggable={false} />
              </TagSurface>
            )}
          </div>
          <div className={stepStyles.side}>
            {save.isError ? (
              <div ref={errorRef} className={detailStyles.failure} role="alert">
                <p className={detailStyles.failureTitle}>{t('postEdit.failedTitle')}</p>
                <p>{firstServerError(save.error, t('postEdit.failed'))}</p>
              </div>
            ) : null}
            <ThumbStrip
              thumbs={draft.items.map((it) => ({ key: it.key, kind: 'image', src: it.src }))}
              active={draft.active}
              onSelect={(index) => {
                setSpot(null);
                dispatch({ type: 'select', index });
              }}
            />
            <CaptionField value={draft.caption} disabled={busy} onChange={(text) => dispatch({ type: 'caption', text })} />
            <LocationPicker value={draft.location} locationId={draft.locationId} disabled={busy} onType={(text) => dispatch({ type: 'location', text })} onPick={(place) => dispatch({ type: 'place', ...place })} />
            <section className={detailStyles.section} aria-labelledby={tagsId}>
              <h2 id={tagsId} className={detailStyles.sectionTitle}>
                {t('create.tags.title')}
                <span className={detailStyles.sectionMeta}>{t('create.tags.count', { count: tagCount(draft), max: MAX_USERTAGS })}</span>
              </h2>
              <p className={detailStyles.sectionHint}>{hint}</p>
              {spot && !item.isVideo ? (
                <TagSearch key={`${item.key}-${spot.x}-${spot.y}`} spot={spot} onPick={(tag) => dispatch({ type: 'addTag', tag })} onDone={() => setSpot(null)} />
              ) : null}
            </section>
            <AltTextField value={item.alt} disabled={busy} onChange={(text) => dispatch({ type: 'altText', text })} />
          </div>
        </div>
      </FlowShell>
      <ConfirmDialog
        open={confirming}
        title={t('postEdit.discardTitle')}
        body={t('postEdit.discardBody')}
        confirmText={t('postEdit.discard')}
        cancelText={t('postEdit.keepEditing')}
        onConfirm={() => {
          setConfirming(false);
          onClose();
        }}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
