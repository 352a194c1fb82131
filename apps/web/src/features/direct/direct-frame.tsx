import type { ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useT } from '../../lib/i18n/i18n';
import { Icon } from '../../ui/icon';
import { useDirectFlags } from './direct-flags';
import { useDirectLayout, useDirectPage } from './use-direct';
import buttons from '../../ui/icon-button.module.css';
import styles from './direct.module.css';

/** React Router numbers the entries it pushes; 0 is the page this tab opened on. */
function hasAppHistory(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

export function BackButton({ fallback, label }: { fallback: string; label?: string }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className={`${buttons.iconButton} ${styles.iconButton}`}
      aria-label={label ?? t('app.back')}
      onClick={() => {
        if (hasAppHistory()) void navigate(-1);
        else void navigate(fallback, { replace: true });
      }}
    >
      <Icon name="chevronLeft" size={28} />
    </button>
  );
}

interface PaneHeaderProps {
  title: ReactNode;
  /** Back, where the page goes when it was opened directly (shown in the mobile layout). */
  back?: string;
  actions?: ReactNode;
  level?: 1 | 2;
}

/** A pane's bar: back (on the mobile page), its title, its actions. */
export function PaneHeader({ title, back, actions, level = 1 }: PaneHeaderProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <header className={styles.paneHeader}>
      {back ? <BackButton fallback={back} /> : <span className={styles.headerSpacer} aria-hidden="true" />}
      <Heading className={styles.paneTitle}>{title}</Heading>
      <div className={styles.headerActions}>{actions}</div>
    </header>
  );
}

interface DirectScreenProps {
  /** The desktop layout's left pane (the threads, or the requests). */
  list: ReactNode;
  /** The open pane: on the desktop beside the list, on the mobile page alone. */
  children: ReactNode;
  /** Which of the two the mobile page shows. */
  mobile: 'list' | 'main';
}

/**
 * Every direct page: away when Direct is off (R-002-direct-2); two panes on a desktop where it is
 * allowed, one at a time otherwise (R-002-direct-3, R-002-direct-5).
 */
export function DirectScreen({ list, children, mobile }: DirectScreenProps) {
  const { enabled } = useDirectFlags();
  const layout = useDirectLayout();
  useDirectPage();
  if (!enabled) return <Navigate to="/" replace />;
  if (layout === 'mobile') return <div className={styles.mobilePage}>{mobile === 'list' ? list : children}</div>;
  return (
    <div className={styles.frame}>
      <div className={styles.listPane}>{list}</div>
      <div className={styles.mainPane}>{children}</div>
    </div>
  );
}
