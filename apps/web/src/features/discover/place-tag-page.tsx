import { useParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { numberFormat } from '../../lib/formatters';
import { useDocumentTitle, useI18n } from '../../lib/i18n/i18n';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { SubPageHeader } from '../../ui/sub-page-header';
import { NotFoundPage } from '../placeholders/placeholder-pages';
import { normalTag, useHashtagMedia, useLocationMedia, type PostsGridQuery } from '../../state/queries/discover';
import { MediaGrid } from '../profile/profile-grid';
import styles from './place-tag-page.module.css';

/** A grid of the newest posts the viewer may see under a hashtag or at a place, with its heading. */
function PostsUnder({ query, icon, labelKey }: { query: PostsGridQuery; icon: 'hash' | 'map-pin'; labelKey: 'discover.tagLabel' | 'discover.placeLabel' }) {
  const { t, locale } = useI18n();
  const first = query.data?.pages[0];
  useDocumentTitle(first ? first.title : null);
  if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundPage />;
  const header = <SubPageHeader title={first?.title ?? ''} fallback="/explore/" wide="none" heading={false} />;
  if (!first)
    return (
      <>
        {header}
        {query.isError ? <EmptyState icon="alert" title={t('discover.error')} level={1} /> : <div className={styles.loading}><Spinner label={t('app.loading')} /></div>}
      </>
    );
  return (
    <>
      {header}
      <div className={styles.page}>
        <header className={styles.header}>
          <span className={styles.badge} aria-hidden="true">{icon === 'hash' ? '#' : '⌖'}</span>
          <div>
            <h1 className={styles.title}>{first.title}</h1>
            <p className={styles.count}>{first.count === 1 ? t('discover.postCountOne') : t('discover.postCount', { count: numberFormat(locale).format(first.count) })}</p>
          </div>
        </header>
        <h2 className={styles.section}>{t('discover.recent')}</h2>
        <MediaGrid query={query} label={t(labelKey, { name: first.title })} isOwner={false} empty={<EmptyState icon="camera" title={t('discover.empty')} body={t('discover.emptyBody')} />} />
      </div>
    </>
  );
}

/** `/explore/tags/{tag}/`: the hashtag's post count and newest posts (top posts and following come with search). */
export function HashtagPage() {
  const query = useHashtagMedia(normalTag(useParams().tag ?? ''));
  return <PostsUnder query={query} icon="hash" labelKey="discover.tagLabel" />;
}

/** `/explore/locations/{id}/{slug}/`: the place's name and newest posts. */
export function LocationPage() {
  const query = useLocationMedia(useParams().id ?? '');
  return <PostsUnder query={query} icon="map-pin" labelKey="discover.placeLabel" />;
}
