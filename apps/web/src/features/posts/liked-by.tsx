import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useDocumentTitle, useT } from '../../lib/i18n/i18n';
import { Modal } from '../../ui/modal';
import { PagedUserList } from '../people/paged-user-list';
import { SubPageHeader } from '../../ui/sub-page-header';
import { useLikedBy } from '../../state/queries/post';
import { useRowFollow } from '../friendships/row-follow';
import styles from './liked-by.module.css';

/** Spec 000 §3: the search text of a liked-by list is kept per post, like its pages. */
const searches = new Map<string, string>();

function LikedByList({ shortcode, onNavigate }: { shortcode: string; onNavigate?: () => void }) {
  const t = useT();
  const query = useLikedBy(shortcode);
  const [search, setSearch] = useState(() => searches.get(shortcode) ?? '');
  const onChange = (value: string) => {
    searches.set(shortcode, value);
    setSearch(value);
  };
  const action = useRowFollow();
  return <PagedUserList query={query} emptyText={t('likedBy.empty')} onNavigate={onNavigate} search={{ value: search, onChange }} action={action} />;
}

/** `/p/{code}/liked_by/` as a page: narrow viewports and direct loads (spec 000 §2). */
export function LikedByPage() {
  const t = useT();
  const { code = '' } = useParams();
  useDocumentTitle(t('likedBy.title'));
  return (
    <div className={styles.page}>
      <SubPageHeader title={t('likedBy.title')} fallback={`/p/${code}/`} />
      <LikedByList shortcode={code} />
    </div>
  );
}

/** The same list in a modal over the page it was opened from; closing goes back to that page. */
export function LikedByModal({ shortcode }: { shortcode: string }) {
  const t = useT();
  const navigate = useNavigate();
  const close = () => void navigate(-1);
  return (
    <Modal open onClose={close} title={t('likedBy.title')}>
      <div className={styles.modalBody}>
        <LikedByList shortcode={shortcode} />
      </div>
    </Modal>
  );
}
