import { useI18n } from '../../lib/i18n/i18n';
import { EmptyState } from '../../ui/empty-state';
import { useSavedPosts } from '../../state/queries/profile';
import { MediaGrid } from './profile-grid';

/** The Saved tab (own profile only): the viewer's saved posts, newest save first. */
export function SavedGrid() {
  const { t } = useI18n();
  const query = useSavedPosts();
  const empty = <EmptyState icon="bookmark" title={t('profile.noSaved')} body={t('profile.noSavedBody')} />;
  return <MediaGrid query={query} label={t('graph.savedLabel')} empty={empty} isOwner={false} />;
}
