import { useT } from '../../lib/i18n/i18n';
import { Modal } from '../../ui/modal';
import { UserList } from '../../ui/user-list';
import { useStoryViewers } from '../../state/queries/story-reels';

/** The owner's list of who has seen a story, newest first, a page at a time as it scrolls. */
export function StoryViewersSheet({ itemId, onClose }: { itemId: string; onClose: () => void }) {
  const t = useT();
  const query = useStoryViewers(itemId, true);
  const users = query.data?.pages.flatMap((page) => page.edges.map((edge) => edge.node)) ?? [];
  return (
    <Modal open onClose={onClose} title={t('stories.viewer.viewers')} size="md">
      <UserList
        users={users}
        status={query.status}
        hasNextPage={query.hasNextPage}
        loadingMore={query.isFetchingNextPage}
        moreFailed={query.isFetchNextPageError}
        onLoadMore={() => void query.fetchNextPage()}
        onRetry={() => void query.refetch()}
        emptyText={t('stories.viewer.noViewers')}
        onNavigate={onClose}
      />
    </Modal>
  );
}
