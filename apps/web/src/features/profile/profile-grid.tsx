import { useEffect, useRef, type ReactNode } from 'react';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import type { MediaNode, ProfileUser } from '@shutter/contract';
import { useToast } from '../../state/toast/toast-context';
import { useI18n } from '../../lib/i18n/i18n';
import { LoadMore } from '../../ui/load-more';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { GridTile } from './grid-tile';
import { useProfilePosts, type GridData } from '../../state/queries/profile';
import styles from './profile-grid.module.css';

interface MediaGridProps<N extends MediaNode> {
  query: UseInfiniteQueryResult<GridData<N>>;
  /** The list's accessible name. */
  label: string;
  /** What an empty list shows. */
  empty: ReactNode;
  isOwner: boolean;
  /** Per tile, over the thumbnail and outside its link. */
  tileExtra?: (post: N) => ReactNode;
}

/** Square thumbnails, 2 / 3 / 4 a row by viewport (spec 002 §9), keyset "Load more": any grid query. */
export function MediaGrid<N extends MediaNode>({ query, label, empty, isOwner, tileExtra }: MediaGridProps<N>) {
  const { t } = useI18n();
  const { showToast } = useToast();
  const { fetchNextPage } = query;
  const toastedAt = useRef(0);

  // Spec 002 §8: a media edge load failure shows a 'failed to load' toast with retry.
  useEffect(() => {
    if (!query.isFetchNextPageError || query.errorUpdatedAt === toastedAt.current) return;
    toastedAt.current = query.errorUpdatedAt;
    showToast({ text: t('grid.failed'), actionText: t('post.retry'), onAction: () => void fetchNextPage() });
  }, [query.isFetchNextPageError, query.errorUpdatedAt, showToast, t, fetchNextPage]);

  if (query.status === 'pending')
    return (
      <div className={styles.state}>
        <Spinner size={32} label={t('app.loading')} />
      </div>
    );
  if (query.status === 'error' && !query.data)
    return (
      <EmptyState icon="alert" title={t('grid.failed')}>
        <Button onClick={() => void query.refetch()}>{t('post.retry')}</Button>
      </EmptyState>
    );
  const posts = query.data.pages.flatMap((page) => page.nodes);
  if (posts.length === 0) return empty;
  return (
    <>
      <ul className={styles.grid} aria-label={label}>
        {posts.map((post) => (
          <GridTile key={post.id} post={post} isOwner={isOwner} extra={tileExtra?.(post)} />
        ))}
      </ul>
      <LoadMore query={query} spacing="grid" />
    </>
  );
}

/** The Posts tab. */
export function ProfileGrid({ user, isOwner }: { user: ProfileUser; isOwner: boolean }) {
  const { t } = useI18n();
  const query = useProfilePosts(user.id);
  const empty = isOwner ? (
    <EmptyState icon="camera" title={t('grid.emptyOwn')} body={t('grid.emptyOwnBody')} />
  ) : (
    <EmptyState icon="camera" title={t('profile.noPosts')} body={t('profile.noPostsBody')} />
  );
  return <MediaGrid query={query} label={t('grid.label', { username: user.username })} empty={empty} isOwner={isOwner} />;
}
