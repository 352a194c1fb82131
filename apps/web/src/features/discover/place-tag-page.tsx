import { useInfiniteQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { Edges, MediaNode } from '@shutter/contract';
import { ApiError } from '../../lib/api';
import { useDocumentTitle, useI18n } from '../../lib/i18n/i18n';
import { runQuery } from '../../lib/run-query';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { SubPageHeader } from '../../ui/sub-page-header';
import { NotFoundPage } from '../placeholders/placeholder-pages';
import { GRID_PAGE, nextCursor, toGridPage, type GridPage } from '../../state/queries/profile';
import { MediaGrid } from '../profile/profile-grid';
import styles from './place-tag-page.module.css';

type Grid = Edges<MediaNode> & { count: number };
interface Heading {
  title: string;
  count: number;
}

/** A grid of the newest posts the viewer may see under a hashtag or at a place, with its heading. */
function usePostsGrid(key: readonly unknown[], load: (after: string | null) => Promise<Heading & { grid: Grid }>) {
  return useInfiniteQuery({
    queryKey: key,
    queryFn: async ({ pageParam }): Promise<GridPage & Heading> => {
      const page = await load(pageParam);
      return { ...toGridPage(page.grid), title: page.title, count: page.grid.count };
    },
    initialPageParam: null as string | null,
    getNextPageParam: nextCursor,
  });
}

function PostsUnder({ query, icon, labelKey }: { query: ReturnType<typeof usePostsGrid>; icon: 'hash' | 'map-pin'; labelKey: 'discover.tagLabel' | 'discover.placeLabel' }) {
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
            <p className={styles.count}>{first.count === 1 ? t('discover.postCountOne') : t('discover.postCount', { count: first.count.toLocaleString(locale) })}</p>
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
  const tag = (useParams().tag ?? '').replace(/^#/, '').toLowerCase();
  const query = usePostsGrid(['hashtag-media', tag], async (after) => {
    const data = await runQuery<{ hashtag: { name: string; edge_hashtag_to_media: Grid } }>('hashtag_media', { tag_name: tag, first: GRID_PAGE, after });
    return { title: `#${data.hashtag.name}`, count: data.hashtag.edge_hashtag_to_media.count, grid: data.hashtag.edge_hashtag_to_media };
  });
  return <PostsUnder query={query} icon="hash" labelKey="discover.tagLabel" />;
}

/** `/explore/locations/{id}/{slug}/`: the place's name and newest posts. */
export function LocationPage() {
  const id = useParams().id ?? '';
  const query = usePostsGrid(['location-media', id], async (after) => {
    const data = await runQuery<{ location: { name: string; edge_location_to_media: Grid } }>('location_media', { id, first: GRID_PAGE, after });
    return { title: data.location.name, count: data.location.edge_location_to_media.count, grid: data.location.edge_location_to_media };
  });
  return <PostsUnder query={query} icon="map-pin" labelKey="discover.placeLabel" />;
}
