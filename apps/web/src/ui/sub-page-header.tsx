import { useNavigate } from 'react-router';
import { useT } from '../lib/i18n/i18n';
import { Icon } from './icon';
import buttons from './icon-button.module.css';
import styles from './sub-page-header.module.css';
import { useTopBarShown } from './top-bar';

interface SubPageHeaderProps {
  title: string;
  /** Where Back goes when the page was opened directly (no earlier page of the app in this tab). */
  fallback: string;
  /** wide: what a desktop shows; `title` keeps the centred heading, `none` shows nothing there. */
  wide?: 'title' | 'none';
  /** A heading (the page's h1) or plain text when the page has its own h1. */
  heading?: boolean;
}

/** React Router numbers the entries it pushes; 0 is the page this tab opened on. */
function hasAppHistory(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

/**
 * A sub-page's header (a post, likes, followers and following, a hashtag): on phones it takes the
 * place of the app's top bar with a back button and the title, as native apps do; on desktops it is
 * the page's centred title, or nothing.
 */
export function SubPageHeader({ title, fallback, wide = 'title', heading = true }: SubPageHeaderProps) {
  const t = useT();
  const navigate = useNavigate();
  const overBar = useTopBarShown();
  const back = () => {
    if (hasAppHistory()) void navigate(-1);
    else void navigate(fallback, { replace: true });
  };
  const Title = heading ? 'h1' : 'div';
  const classes = [styles.header, overBar ? styles.overBar : '', wide === 'none' ? styles.phoneOnly : ''].join(' ');
  return (
    <header className={classes}>
      <button type="button" className={`${buttons.iconButton} ${styles.back}`} onClick={back} aria-label={t('app.back')}>
        <Icon name="chevronLeft" size={28} />
      </button>
      <Title className={styles.title}>{title}</Title>
      <span className={styles.balance} aria-hidden="true" />
    </header>
  );
}
