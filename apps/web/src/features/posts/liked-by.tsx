import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { LIKED_BY_PAGE, type Edges, type UserSummary } from '@shutter/contract';
import { useDocumentTitle, useT } from '../../lib/i18n/i18n';
import { runQuery } from '../../lib/run-query';
import { Modal } from '../../ui/modal';
import { PagedUserList } from '../../ui/paged-user-list';
import { useRowFollow } from '../friendships/row-follow';
import styles from './liked-by.module.css';

type Liker = UserSummary & { followed_by_viewer: boolean };

/** Spec 000 §3: the liked-by list is kept per post shortcode; 1 page preloaded, 24 a page. */
export const likedByKey = (shortcode: string) => ['liked-by', shortcode] as const;

function useLikedBy(shortcode: string) {
  return useInfiniteQuery({
    queryKey: likedByKey(shortcode),
    queryFn: async ({ pageParam }) => {
      const data = await runQuery<{ shortcode_media: { edge_liked_by: Edges<Liker> & { count: number } } }>('liked_by', {
        shortcode,
        include_reel: false,
        first: LIKED_BY_PAGE,
        after: pageParam,
      });
      return data.shortcode_media.edge_liked_by;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => (page.page_info.has_next_page && page.page_info.end_cursor ? page.page_info.end_cursor : undefined),
  });
}

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
      <h1 className={styles.title}>{t('likedBy.title')}</h1>
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
