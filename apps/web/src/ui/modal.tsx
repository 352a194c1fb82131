import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useT } from '../lib/i18n/i18n';
import { Icon } from './icon';
import styles from './modal.module.css';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** Hide the visible heading (the dialog keeps it as its name). */
  hideTitle?: boolean;
  children: ReactNode;
  size?: 'sm' | 'md';
}

/**
 * A modal on the native <dialog> element: showModal() makes the rest of the page inert (focus stays
 * inside), Escape closes it, focus returns to the opener, and a click on the backdrop closes it.
 */
export function Modal({ open, onClose, title, hideTitle, children, size = 'sm' }: ModalProps) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={`${styles.dialog} ${styles[size]}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCloseRef.current();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onCloseRef.current();
      }}
    >
      <div className={styles.content}>
        <header className={`${styles.header} ${hideTitle ? styles.headerBare : ''}`}>
          <h2 id={titleId} className={hideTitle ? 'visually-hidden' : styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} onClick={() => onCloseRef.current()} aria-label={t('modal.close')}>
            <Icon name="close" size={20} />
          </button>
        </header>
        {children}
      </div>
    </dialog>
  );
}

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  body: string;
  confirmText: string;
  cancelText: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}

/** Instagram-style confirmation: stacked full-width choices, the confirming one in bold blue. */
export function ConfirmDialog({ open, title, body, confirmText, cancelText, onConfirm, onCancel, busy }: ConfirmDialogProps) {
  return (
    <Modal open={open} onClose={onCancel} title={title}>
      <p className={styles.body}>{body}</p>
      <div className={styles.choices}>
        <button type="button" className={`${styles.choice} ${styles.choicePrimary}`} onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
          {confirmText}
        </button>
        <button type="button" className={styles.choice} onClick={onCancel}>
          {cancelText}
        </button>
      </div>
    </Modal>
  );
}
