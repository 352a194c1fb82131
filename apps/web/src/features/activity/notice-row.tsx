import { Link } from 'react-router';
import { ACCOUNT_STRIKES_PAGE_PATH } from '@shutter/contract';
import { useT } from '../../lib/i18n/i18n';
import { LogoMark } from '../../ui/logo';
import { PostTime } from '../posts/post-time';
import type { ActivityStory } from '../../state/queries/activity';
import styles from './activity.module.css';

/**
 * A notice from the service (a strike, a reviewed report, an appeal's decision): the product's
 * mark and the service's line; the owner's notices open their strikes, where they may appeal.
 */
export function NoticeRow({ story, onNavigate }: { story: ActivityStory; onNavigate?: () => void }) {
  const t = useT();
  const toStrikes = story.type !== 'report_reviewed';
  const text = story.text ?? '';
  return (
    <li className={styles.row}>
      <span className={styles.notice} role="img" aria-label={t('moderation.activity.from')}>
        <LogoMark size={44} />
      </span>
      <p className={styles.story}>
        {toStrikes ? (
          <Link to={ACCOUNT_STRIKES_PAGE_PATH} className={styles.storyLink} onClick={onNavigate}>{text}</Link>
        ) : text}{' '}
        <PostTime seconds={story.timestamp} className={styles.time} />
      </p>
    </li>
  );
}
