import { useState } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle, useT } from '../../lib/i18n/i18n';
import { useMediaQuery } from '../../lib/use-media-query';
import { Avatar } from '../../ui/avatar';
import { useSession } from '../../state/session';
import { SwitchAccountDialog } from '../auth/switch-account-dialog';
import { SuggestionsColumn } from '../suggestions/suggestions-column';
import { SuggestionsUnit } from '../suggestions/suggestions-unit';
import { useFeedEmpty } from '../../state/queries/feed';
import { StoryTray } from '../stories/story-tray';
import { ConfirmEmailReminder } from '../accounts/confirm-email-reminder';
import { FeedList } from './feed-list';
import styles from './home.module.css';

/** Matches home.module.css: below this width the side column is hidden. */
const SIDE_QUERY = '(min-width: 1000px)';

/**
 * `/` logged in: the feed column and, on desktop, the viewer's side card with suggestions. Narrow
 * viewports get a horizontal suggestions unit among the posts instead (fetching the mobile count),
 * and an empty feed gets one under its empty state.
 */
export function HomePage() {
  const t = useT();
  useDocumentTitle(null);
  const { viewer } = useSession();
  const [switching, setSwitching] = useState(false);
  const wide = useMediaQuery(SIDE_QUERY);
  const feedEmpty = useFeedEmpty();
  if (!viewer) return null;
  const profile = viewer.username ? `/${viewer.username}/` : '/';
  let unit = null;
  if (!wide) unit = <SuggestionsUnit surface="mobile" />;
  // Desktop keeps suggestions in its side column unless the feed is empty.
  else if (feedEmpty) unit = <SuggestionsUnit surface="desktopFeed" />;
  return (
    <div className={styles.home}>
      <section className={styles.feed} aria-label={t('home.title')}>
        <h1 className="visually-hidden">{t('home.title')}</h1>
        <ConfirmEmailReminder />
        <StoryTray />
        <FeedList unit={unit} />
      </section>
      <aside className={styles.side} aria-label={t('home.viewerCard')}>
        <div className={styles.viewer}>
          <Link to={profile} className={styles.viewerAvatar} tabIndex={-1} aria-hidden="true">
            <Avatar src={viewer.profile_pic_url} alt="" size={56} />
          </Link>
          <div className={styles.viewerText}>
            <Link to={profile} className={styles.username}>
              {viewer.username}
            </Link>
            <span className={styles.fullName}>{viewer.full_name}</span>
          </div>
          <button type="button" className={styles.switch} onClick={() => setSwitching(true)}>
            {t('switch.button')}
          </button>
        </div>
        {wide && !feedEmpty ? <SuggestionsColumn /> : null}
      </aside>
      <SwitchAccountDialog open={switching} username={viewer.username} onClose={() => setSwitching(false)} />
    </div>
  );
}
