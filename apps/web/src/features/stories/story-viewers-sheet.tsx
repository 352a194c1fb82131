import { useT } from '../../lib/i18n/i18n';
import { Modal } from '../../ui/modal';
import { PagedUserList } from '../people/paged-user-list';
import { useStoryViewers } from '../../state/queries/story-reels';

/** The owner's list of who has seen a story, newest first, a page at a time as it scrolls. */
export function StoryViewersSheet({ itemId, onClose }: { itemId: string; onClose: () => void }) {
  const t = useT();
  const query = useStoryViewers(itemId, true);
  return (
    <Modal open onClose={onClose} title={t('stories.viewer.viewers')} size="md">
      <PagedUserList query={query} emptyText={t('stories.viewer.noViewers')} onNavigate={onClose} />
    </Modal>
  );
}
