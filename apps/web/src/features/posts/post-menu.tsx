import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { MediaNode } from '@shutter/contract';
import { useDismiss } from '../../app/layouts/use-dismiss';
import { useToast } from '../../app/toast/toast-provider';
import { useT } from '../../lib/i18n/i18n';
import { Icon } from '../../ui/icon';
import { ConfirmDialog } from '../../ui/modal';
import { useDeletePost } from './post-actions';
import { copyPostLink } from './share';
import styles from './post-card.module.css';
import { menuKeys } from '../../ui/menu-keys';

/** The "•••" menu: Go to post, Copy link and, for the owner, Delete (after a confirmation). */
export function PostMenu({ post, onDeleted, showGoToPost = true }: { post: MediaNode; onDeleted?: () => void; showGoToPost?: boolean }) {
  const t = useT();
  const { showToast } = useToast();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { remove, busy } = useDeletePost(post, onDeleted);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const refs = useMemo(() => [buttonRef, menuRef], []);
  const menuId = useId();
  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  }, []);
  useDismiss(open, refs, close);

  const { onMenuKey, openMenu } = menuKeys(menuRef, setOpen);

  return (
    <div className={styles.menuAnchor}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.iconButton}
        aria-label={t('post.moreOptions')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openMenu())}
      >
        <Icon name="more" size={20} />
      </button>
      {open ? (
        <div ref={menuRef} id={menuId} role="menu" aria-label={t('post.moreOptions')} className={styles.menu} onKeyDown={onMenuKey}>
          {post.viewer_can_delete ? (
            <button
              role="menuitem"
              type="button"
              className={`${styles.menuItem} ${styles.menuDanger}`}
              onClick={() => {
                setOpen(false);
                setConfirming(true);
              }}
            >
              {t('post.delete')}
            </button>
          ) : null}
          {showGoToPost ? (
            <Link role="menuitem" className={styles.menuItem} to={`/p/${post.shortcode}/`} onClick={() => setOpen(false)}>
              {t('post.goToPost')}
            </Link>
          ) : null}
          <button
            role="menuitem"
            type="button"
            className={styles.menuItem}
            onClick={() => {
              close(true);
              void copyPostLink(post.shortcode).then((ok) => showToast({ text: t(ok ? 'post.linkCopied' : 'post.copyFailed') }));
            }}
          >
            {t('post.copyLink')}
          </button>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t('post.deleteTitle')}
        body={t('post.deleteBody')}
        confirmText={t('post.delete')}
        cancelText={t('post.cancel')}
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          remove();
        }}
      />
    </div>
  );
}
