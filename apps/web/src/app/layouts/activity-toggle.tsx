import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, NavLink, useLocation } from 'react-router';
import { activityPageKey, useActivityBanner } from '../../state/queries/activity';
import { ActivityFeed } from '../../features/activity/activity-feed';
import { useT } from '../../lib/i18n/i18n';
import { Icon } from '../../ui/icon';
import activity from '../../features/activity/activity.module.css';
import { useDismiss } from '../../ui/use-dismiss';
import styles from './nav.module.css';

export const ACTIVITY_PATH = '/accounts/activity/';

/** The heart, with the red dot (described by `dotId`) while there is unread activity. */
function ActivityHeart({ filled, dotId }: { filled: boolean; dotId: string | null }) {
  const t = useT();
  return (
    <span className={activity.dotAnchor}>
      <Icon name="heart" filled={filled} />
      {dotId ? (
        <span id={dotId} className={activity.dot}>
          <span className="visually-hidden">{t('account.activity.unread')}</span>
        </span>
      ) : null}
    </span>
  );
}

/** The phone's heart: a link to the activity page, with the same unread dot as the desktop's. */
export function ActivityLink({ className }: { className: string }) {
  const t = useT();
  const banner = useActivityBanner();
  const dotId = useId();
  return (
    <NavLink to={ACTIVITY_PATH} className={className} aria-label={t('nav.activity')} aria-describedby={banner.visible ? dotId : undefined}>
      {({ isActive }) => <ActivityHeart filled={isActive} dotId={banner.visible ? dotId : null} />}
    </NavLink>
  );
}

/**
 * Spec 002 §2: the activity heart opens a popover (a modal toggle); on /accounts/activity/ it reloads.
 * It is a link to the activity page so that it also works without the popover (new tab, no script).
 * A red dot shows while `activity_counts` has unread counts (spec 000 §4); opening hides it.
 */
export function ActivityToggle() {
  const t = useT();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const refs = useMemo(() => [linkRef, panelRef], []);
  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) linkRef.current?.focus();
  }, []);
  useDismiss(open, refs, close);
  const onActivityPage = location.pathname === ACTIVITY_PATH;
  const banner = useActivityBanner();
  const client = useQueryClient();
  const dotId = useId();
  const toggle = () => {
    if (!open) {
      // New activity since the feed was cached: load it again rather than show the stale list.
      if (banner.visible) void client.invalidateQueries({ queryKey: activityPageKey });
      banner.ignore();
    }
    setOpen((o) => !o);
  };

  return (
    <div className={styles.menuAnchor}>
      <Link
        ref={linkRef}
        to={ACTIVITY_PATH}
        className={styles.iconLink}
        aria-label={t('nav.activity')}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-describedby={banner.visible ? dotId : undefined}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey) return;
          event.preventDefault();
          if (onActivityPage) window.location.reload();
          else toggle();
        }}
      >
        <ActivityHeart filled={open || onActivityPage} dotId={banner.visible ? dotId : null} />
      </Link>
      {open ? (
        <div ref={panelRef} role="dialog" aria-label={t('activity.popover.title')} className={`${styles.menu} ${styles.popover}`}>
          <div className={activity.popoverFeed}>
            <ActivityFeed onNavigate={() => setOpen(false)} />
          </div>
          <div className={activity.popoverFooter}>
            <Link to={ACTIVITY_PATH} onClick={() => setOpen(false)}>
              {t('activity.popover.seeAll')}
            </Link>
          </div>
        </div>
      ) : null}
    </div>
  );
}
