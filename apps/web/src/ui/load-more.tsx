import { useT } from '../lib/i18n/i18n';
import { useSentinel } from '../lib/use-sentinel';
import { Button } from './button';
import styles from './load-more.module.css';

/** The part of an infinite query the foot of a list needs. */
export interface NextPages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The foot of a keyset list or grid: the next page loads as it scrolls into view, or from the
 * button (keyboards, and browsers without IntersectionObserver); after a failure the button retries.
 */
export function LoadMore({ query, spacing = 'list' }: { query: NextPages; spacing?: 'list' | 'grid' }) {
  const t = useT();
  const { fetchNextPage } = query;
  const canLoad = query.hasNextPage && !query.isFetchingNextPage && !query.isFetchNextPageError;
  const sentinel = useSentinel<HTMLDivElement>(() => void fetchNextPage(), canLoad);
  if (!query.hasNextPage) return null;
  return (
    <div ref={sentinel} className={spacing === 'grid' ? styles.grid : styles.list}>
      <Button variant="secondary" busy={query.isFetchingNextPage} onClick={() => void fetchNextPage()}>
        {query.isFetchNextPageError ? t('post.retry') : t('lists.loadMore')}
      </Button>
    </div>
  );
}
