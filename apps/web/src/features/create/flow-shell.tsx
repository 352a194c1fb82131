import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useT } from '../../lib/i18n/i18n';
import { Icon } from '../../ui/icon';
import { Spinner } from '../../ui/spinner';
import { FlowIcon } from './flow-icon';
import styles from './flow.module.css';

interface FlowShellProps {
  title: string;
  /** Wide steps put the picture beside a side panel on desktop. */
  wide: boolean;
  onClose: () => void;
  /** A text button ("Cancel") instead of the close icon. */
  closeText?: string;
  /** While a save is in flight there is nothing to cancel. */
  closeDisabled?: boolean;
  onBack?: () => void;
  action?: { label: string; onClick: () => void; disabled?: boolean; busy?: boolean };
  children: ReactNode;
}

/**
 * The flow's panel: a native modal <dialog> (the page behind is inert, so nothing else can be
 * reached while editing), full screen on phones and centred on desktop. Escape means Close.
 */
export function FlowShell({ title, wide, onClose, closeText, closeDisabled, onBack, action, children }: FlowShellProps) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    // A new step is a new screen: start reading at its title.
    dialog.querySelector<HTMLElement>(`#${CSS.escape(titleId)}`)?.focus();
    return () => {
      if (dialog.open) dialog.close();
    };
  }, [titleId]);

  return (
    <dialog
      ref={ref}
      className={`${styles.dialog} ${wide ? styles.wide : ''}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCloseRef.current();
      }}
    >
      <header className={styles.header}>
        <div className={styles.headerStart}>
          {closeText ? (
            <button type="button" className={styles.textButton} onClick={() => onCloseRef.current()} disabled={closeDisabled}>
              {closeText}
            </button>
          ) : (
            <button type="button" className={styles.iconButton} onClick={() => onCloseRef.current()} aria-label={t('create.close')}>
              <Icon name="close" size={22} />
            </button>
          )}
          {onBack ? (
            <button type="button" className={styles.iconButton} onClick={onBack} aria-label={t('create.back')}>
              <FlowIcon name="back" />
            </button>
          ) : null}
        </div>
        <h1 id={titleId} className={styles.title} tabIndex={-1}>
          {title}
        </h1>
        <div className={styles.headerEnd}>
          {action ? (
            <button type="button" className={styles.action} onClick={action.onClick} disabled={action.disabled || action.busy} aria-busy={action.busy || undefined}>
              {action.busy ? <Spinner size={16} className={styles.actionSpinner} /> : null}
              {action.label}
            </button>
          ) : null}
        </div>
      </header>
      <div className={styles.body}>{children}</div>
    </dialog>
  );
}
