import { Link, useLocation, useParams } from 'react-router';
import { loginPath, type HashtagPageResult } from '@shutter/contract';
import { ApiError } from '../../lib/api';
import { numberFormat } from '../../lib/formatters';
import { useDocumentTitle, useI18n } from '../../lib/i18n/i18n';
import { Button, buttonClass } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Icon } from '../../ui/icon';
import { Spinner } from '../../ui/spinner';
import { SubPageHeader } from '../../ui/sub-page-header';
import { useSession } from '../../state/session';
import { NotFoundPage } from '../placeholders/placeholder-pages';
import { MediaGrid } from '../profile/profile-grid';
import { GridTile } from '../profile/grid-tile';
import gridStyles from '../profile/profile-grid.module.css';
import { normalTag, useHashtagMedia } from '../../state/queries/discover';
import { hashtagPagePath, useHashtagPage } from '../../state/queries/hashtags';
import { useHashtagState } from './use-hashtag-state';
import styles from './hashtag-page.module.css';

type Tab = 'all' | 'top' | 'recent';
type Shown = Exclude<Tab, 'all'>;

/** The hashtag's own address opens Top posts, or Most recent when nothing ranks yet. */
function shownTab(tab: Tab, hashtag: HashtagPageResult): Shown {
  if (tab !== 'all') return tab;
  return hashtag.edge_hashtag_to_top_posts.edges.length > 0 ? 'top' : 'recent';
}

function TopPosts({ hashtag }: { hashtag: HashtagPageResult }) {
  const { t } = useI18n();
  const posts = hashtag.edge_hashtag_to_top_posts.edges.map((e) => e.node);
  if (posts.length === 0) return <EmptyState icon="camera" title={t('discover.empty')} body={t('discover.emptyBody')} />;
  return (
    <ul className={gridStyles.grid} aria-label={t('hashtag.topLabel', { name: hashtag.name })}>
      {posts.map((post) => (
        <GridTile key={post.id} post={post} isOwner={false} />
      ))}
    </ul>
  );
}

function RecentPosts({ tag }: { tag: string }) {
  const { t } = useI18n();
  const query = useHashtagMedia(tag);
  return <MediaGrid query={query} label={t('discover.tagLabel', { name: `#${tag}` })} isOwner={false} empty={<EmptyState icon="camera" title={t('discover.empty')} body={t('discover.emptyBody')} />} />;
}

function RelatedTags({ hashtag }: { hashtag: HashtagPageResult }) {
  const { t } = useI18n();
  const related = hashtag.edge_hashtag_to_related_tags.edges;
  if (related.length === 0) return null;
  return (
    <nav className={styles.related} aria-label={t('hashtag.related')}>
      <span className={styles.relatedLabel}>{t('hashtag.related')}</span>
      <ul className={styles.relatedList}>
        {related.map(({ node }) => (
          <li key={node.name}>
            <Link className={styles.chip} to={hashtagPagePath(node.name)}>
              #{node.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Advisory({ onSee }: { onSee: () => void }) {
  const { t } = useI18n();
  return (
    <section className={styles.advisory} aria-labelledby="hashtag-advisory-title">
      <span className={styles.advisoryIcon} aria-hidden="true">
        <Icon name="eye" size={32} />
      </span>
      <h2 id="hashtag-advisory-title" className={styles.advisoryTitle}>{t('hashtag.advisoryTitle')}</h2>
      <p className={styles.advisoryBody}>{t('hashtag.advisoryBody')}</p>
      <Button onClick={onSee}>{t('hashtag.advisorySee')}</Button>
    </section>
  );
}

function TabLinks({ tag, shown, home }: { tag: string; shown: Shown; home: Shown }) {
  const { t } = useI18n();
  const base = hashtagPagePath(tag);
  const links: [Shown, string][] = [['top', t('hashtag.top')], ['recent', t('discover.recent')]];
  return (
    <nav className={styles.tabs} aria-label={t('hashtag.tabs')}>
      {links.map(([key, label]) => (
        <Link key={key} to={key === home ? base : `${base}${key}/`} className={styles.tab} aria-current={shown === key ? 'page' : undefined} replace>
          <Icon name={key === 'top' ? 'grid' : 'clock'} size={12} />
          {label}
        </Link>
      ))}
    </nav>
  );
}

function HashtagBody({ hashtag, tab }: { hashtag: HashtagPageResult; tab: Tab }) {
  const { t, locale } = useI18n();
  const { viewer } = useSession();
  const location = useLocation();
  const { following, toggleFollow, acknowledge, showAdvisory } = useHashtagState(hashtag, !!viewer);
  const count = hashtag.edge_hashtag_to_media.count;
  const picture = hashtag.profile_pic_url;
  // Nothing the viewer may see: one empty state, not one per section.
  const empty = hashtag.edge_hashtag_to_media.edges.length === 0 && hashtag.edge_hashtag_to_top_posts.edges.length === 0;
  const shown = shownTab(tab, hashtag);

  let follow = null;
  if (hashtag.allow_following && viewer)
    follow = (
      <Button variant={following ? 'secondary' : 'primary'} className={styles.follow} aria-pressed={following} onClick={toggleFollow}>
        {following ? t('hashtag.following') : t('hashtag.follow')}
      </Button>
    );
  else if (hashtag.allow_following)
    follow = (
      <Link className={`${buttonClass('primary')} ${styles.follow}`} to={loginPath(`${location.pathname}${location.search}`, 'hashtag_follow')}>
        {t('hashtag.loginToFollow')}
      </Link>
    );

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        {picture && !showAdvisory ? (
          <img className={styles.picture} src={picture} alt="" width={88} height={88} />
        ) : (
          <span className={styles.badge} aria-hidden="true">#</span>
        )}
        <div className={styles.heading}>
          <h1 className={styles.title}>#{hashtag.name}</h1>
          <p className={styles.count}>{count === 1 ? t('discover.postCountOne') : t('discover.postCount', { count: numberFormat(locale).format(count) })}</p>
          {follow}
        </div>
      </header>
      {showAdvisory ? (
        <Advisory onSee={() => void acknowledge()} />
      ) : empty ? (
        <EmptyState icon="camera" title={t('discover.empty')} body={t('discover.emptyBody')} />
      ) : (
        <>
          <RelatedTags hashtag={hashtag} />
          <TabLinks tag={hashtag.name} shown={shown} home={shownTab('all', hashtag)} />
          {shown === 'top' ? <TopPosts hashtag={hashtag} /> : <RecentPosts tag={hashtag.name} />}
        </>
      )}
    </div>
  );
}

/** `/explore/tags/{tag}/` and its `top/` and `recent/` tabs. */
export function HashtagPage() {
  const { t } = useI18n();
  const params = useParams();
  const tag = normalTag(params.tag ?? '');
  const tab: Tab | null = params.tab === undefined ? 'all' : params.tab === 'top' || params.tab === 'recent' ? params.tab : null;
  const query = useHashtagPage(tab ? tag : '');
  const hashtag = query.data?.graphql.hashtag;
  useDocumentTitle(hashtag ? `#${hashtag.name}` : null);
  if (!tab || (query.error instanceof ApiError && query.error.status === 404)) return <NotFoundPage />;
  const header = <SubPageHeader title={`#${tag}`} fallback="/explore/" wide="none" heading={false} />;
  if (!hashtag)
    return (
      <>
        {header}
        {query.isError ? <EmptyState icon="alert" title={t('discover.error')} level={1} /> : <div className={styles.loading}><Spinner label={t('app.loading')} /></div>}
      </>
    );
  return (
    <>
      {header}
      <HashtagBody key={hashtag.name} hashtag={hashtag} tab={tab} />
    </>
  );
}
