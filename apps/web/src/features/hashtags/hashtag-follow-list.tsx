import { Link, Navigate, useParams } from 'react-router';
import type { HashtagFollowedResult } from '@shutter/contract';
import { ApiError } from '../../lib/api';
import { numberFormat } from '../../lib/formatters';
import { useDocumentTitle, useI18n } from '../../lib/i18n/i18n';
import { LoadMore } from '../../ui/load-more';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { SubPageHeader } from '../../ui/sub-page-header';
import { canSeeContent, profilePath, useProfileData } from '../../state/queries/profile';
import { hashtagPagePath, useHashtagFollowList } from '../../state/queries/hashtags';
import styles from './hashtag-follow-list.module.css';

function Row({ tag }: { tag: HashtagFollowedResult }) {
  const { t, locale } = useI18n();
  const count = tag.media_count === 1 ? t('discover.postCountOne') : t('discover.postCount', { count: numberFormat(locale).format(tag.media_count) });
  return (
    <li>
      <Link className={styles.row} to={hashtagPagePath(tag.name)}>
        {tag.profile_pic_url ? <img className={styles.picture} src={tag.profile_pic_url} alt="" width={44} height={44} loading="lazy" /> : <span className={styles.badge} aria-hidden="true">#</span>}
        <span className={styles.text}>
          <span className={styles.name}>#{tag.name}</span>
          <span className={styles.count}>{count}</span>
        </span>
      </Link>
    </li>
  );
}

function Tags({ userId }: { userId: string }) {
  const { t } = useI18n();
  const query = useHashtagFollowList(userId);
  if (query.status === 'pending') return <div className={styles.state}><Spinner size={28} label={t('app.loading')} /></div>;
  if (query.status === 'error')
    return (
      <div className={styles.state}>
        <p>{t('lists.failed')}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>{t('post.retry')}</Button>
      </div>
    );
  const tags = query.data.pages.flatMap((page) => page.edges.map((e) => e.node));
  if (tags.length === 0) return <EmptyState icon="tag" title={t('hashtag.listEmpty')} body={t('hashtag.listEmptyBody')} />;
  return (
    <>
      <ul className={styles.list} aria-label={t('hashtag.listLabel')}>
        {tags.map((tag) => <Row key={tag.id} tag={tag} />)}
      </ul>
      <LoadMore query={query} />
    </>
  );
}

/** `/{username}/hashtag_following/`: the hashtags a profile follows, as its follow lists are shown (private: followers only). */
export function HashtagFollowListPage() {
  const { t } = useI18n();
  const username = useParams().username ?? '';
  const profile = useProfileData(username);
  const user = profile.data?.graphql.user;
  useDocumentTitle(t('hashtag.listTitle'));
  let body;
  if (profile.error instanceof ApiError && profile.error.status === 404) return <Navigate to={profilePath(username)} replace />;
  if (profile.isError) body = <EmptyState icon="alert" title={t('lists.failed')} />;
  else if (!user) body = <div className={styles.state}><Spinner size={28} label={t('app.loading')} /></div>;
  else if (!canSeeContent(user)) body = <EmptyState icon="lock" title={t('graph.privateTitle')} body={t('graph.privateListBody')} />;
  else body = <Tags userId={user.id} />;
  return (
    <div className={styles.page}>
      <SubPageHeader title={t('hashtag.listTitle')} fallback={`/${username}/following/`} />
      <nav className={styles.switch} aria-label={t('graph.followingTitle')}>
        <Link className={styles.switchLink} to={`/${username}/following/`}>{t('hashtag.people')}</Link>
        <span className={styles.switchLink} aria-current="page">{t('hashtag.listLink')}</span>
      </nav>
      {body}
    </div>
  );
}
