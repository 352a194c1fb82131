import { lazy, Suspense, useEffect, useId, useRef, useState, type Dispatch } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ReelResult, StoryItemResult } from '@shutter/contract';
import { useToast } from '../../state/toast/toast-context';
import { useT } from '../../lib/i18n/i18n';
import { ConfirmDialog } from '../../ui/modal';
import { Icon } from '../../ui/icon';
import { deleteStory, mutedReels, setReelMuted, STORY_CREATE_PATH } from '../../state/queries/story-reels';
import type { ViewerAction } from './viewer-reducer';
import { ReportDialogHost, useCanReport, type ReportTarget } from '../reports/report-entry';
import styles from './story-frame.module.css';

const AddToHighlightDialog = lazy(async () => ({ default: (await import('../highlights/add-to-highlight-dialog')).AddToHighlightDialog }));

function ReportStoryItem({ onSelect }: { onSelect: () => void }) {
  const t = useT();
  return (
    <button type="button" role="menuitem" className={`${styles.menuItem} ${styles.danger}`} onClick={onSelect}>
      {t('reports.menuItem')}
    </button>
  );
}

/**
 * The story's menu: Add to your story (another one), Add to highlight and Delete on one's own story (after a confirmation), Mute or Unmute another
 * person's story (a choice kept on this device: a muted reel goes to the end of the tray and opens
 * alone), Report another person's story. The story pauses while the menu or a dialog is open.
 */
export function StoryMenu({ reel, item, isOwner, dispatch }: { reel: ReelResult; item: StoryItemResult; isOwner: boolean; dispatch: Dispatch<ViewerAction> }) {
  const t = useT();
  const client = useQueryClient();
  const { showToast } = useToast();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [highlighting, setHighlighting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [muted, setMuted] = useState(() => mutedReels().includes(reel.id));
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const canMute = !isOwner && reel.reel_type === 'user_reel';
  const canReport = useCanReport('story', item.owner.id);
  const [reporting, setReporting] = useState<ReportTarget | null>(null);

  useEffect(() => {
    dispatch({ type: 'pause', reason: 'menu', on: open || confirming || highlighting || reporting !== null });
  }, [open, confirming, highlighting, reporting, dispatch]);
  useEffect(() => {
    if (open) menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open]);
  if (!isOwner && !canMute && !canReport) return null;

  const closeMenu = () => {
    setOpen(false);
    button.current?.focus();
  };
  const remove = async () => {
    setBusy(true);
    try {
      await deleteStory(client, item);
      setConfirming(false);
      showToast({ text: t('stories.viewer.deleted') });
      dispatch({ type: 'itemRemoved', itemId: item.id });
    } catch {
      showToast({ text: t('stories.viewer.deleteFailed') });
    } finally {
      setBusy(false);
    }
  };
  const username = reel.owner?.username ?? '';

  return (
    <div className={styles.menuAnchor}>
      <button
        ref={button}
        type="button"
        className={styles.control}
        aria-label={t('stories.viewer.menu')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <Icon name="more" size={20} />
      </button>
      {open ? (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          className={styles.menu}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              closeMenu();
            }
          }}
          onBlur={(event) => {
            if (!menu.current?.contains(event.relatedTarget as Node | null) && event.relatedTarget !== button.current) setOpen(false);
          }}
        >
          {isOwner ? (
            <>
              <Link role="menuitem" className={styles.menuItem} to={STORY_CREATE_PATH} onClick={() => setOpen(false)}>
                {t('stories.viewer.addToStory')}
              </Link>
              <button
                type="button"
                role="menuitem"
                className={styles.menuItem}
                onClick={() => {
                  setOpen(false);
                  setHighlighting(true);
                }}
              >
                {t('highlights.addToHighlight')}
              </button>
              <button
                type="button"
                role="menuitem"
                className={`${styles.menuItem} ${styles.danger}`}
                onClick={() => {
                  setOpen(false);
                  setConfirming(true);
                }}
              >
                {t('stories.viewer.delete')}
              </button>
            </>
          ) : (
            <>
              {canReport ? (
                <ReportStoryItem
                  onSelect={() => {
                    closeMenu();
                    setReporting({ objectType: 'story', objectId: item.id, owner: item.owner });
                  }}
                />
              ) : null}
              {canMute ? (
                <button
                  type="button"
                  role="menuitem"
                  className={styles.menuItem}
                  onClick={() => {
                    setReelMuted(reel.id, !muted);
                    setMuted(!muted);
                    closeMenu();
                    if (!muted) showToast({ text: t('stories.viewer.mutedReel', { username }) });
                  }}
                >
                  {t(muted ? 'stories.viewer.unmuteReel' : 'stories.viewer.muteReel', { username })}
                </button>
              ) : null}
            </>
          )}
          <button type="button" role="menuitem" className={styles.menuItem} onClick={closeMenu}>
            {t('stories.viewer.cancel')}
          </button>
        </div>
      ) : null}
      {highlighting ? (
        <Suspense fallback={null}>
          <AddToHighlightDialog
            ownerId={item.owner.id}
            item={item}
            onClose={() => {
              setHighlighting(false);
              button.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
      <ReportDialogHost
        target={reporting}
        onClose={() => {
          setReporting(null);
          button.current?.focus();
        }}
      />
      <ConfirmDialog
        open={confirming}
        title={t('stories.viewer.deleteTitle')}
        body={t('stories.viewer.deleteBody')}
        confirmText={t('stories.viewer.delete')}
        cancelText={t('stories.viewer.cancel')}
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
