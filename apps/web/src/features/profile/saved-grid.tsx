import { useInfiniteQuery } from '@tanstack/react-query';
import type { Edges, MediaNode } from '@shutter/contract';
import { useI18n } from '../../lib/i18n/i18n';
import { runQuery } from '../../lib/run-query';
import { EmptyState } from '../../ui/empty-state';
import { GRID_PAGE, nextCursor, savedPostsKey, toGridPage, type GridPage } from './grid-pages';
import { MediaGrid } from './profile-grid';

function useSavedPosts() {
  return useInfiniteQuery({
    queryKey: savedPostsKey,
    queryFn: async ({ pageParam }): Promise<GridPage> => {
      const data = await runQuery<{ user: { edge_saved_media: Edges<MediaNode> & { count: number } } }>('saved_posts', { first: GRID_PAGE, after: pageParam });
      return toGridPage(data.user.edge_saved_media);
    },
    initialPageParam: null as string | null,
    getNextPageParam: nextCursor,
  });
}

/** The Saved tab (own profile only): the viewer's saved posts, newest save first. */
export function SavedGrid() {
  const { t } = useI18n();
  const query = useSavedPosts();
  const empty = <EmptyState icon="bookmark" title={t('profile.noSaved')} body={t('profile.noSavedBody')} />;
  return <MediaGrid query={query} label={t('graph.savedLabel')} empty={empty} isOwner={false} />;
}
