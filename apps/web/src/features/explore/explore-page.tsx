import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ExploreClusterResult, MediaNode } from '@shutter/contract';
import { useToast } from '../../state/toast/toast-context';
import { ApiError } from '../../lib/api';
import { useDocumentTitle, useI18n } from '../../lib/i18n/i18n';
import { LoadMore } from '../../ui/load-more';
import { Button, buttonClass } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { useExploreMedia, useHiddenFromExplore, useNotInterested, type ExploreQuery } from '../../state/queries/explore';
import { SearchEntry } from '../search/search-box';
import { ClusterChips } from './cluster-chips';
import { ExploreTile, tileSize } from './explore-tile';
import styles from './explore.module.css';

const CLUSTER = /^[\p{L}\p{N}_]{1,100}$/u;
const SKELETON_TILES = 12;

/** What the grid shows, one kind at a time. */
type GridRows =
  | { kind: 'loading' }
  | { kind: 'gone' }
  | { kind: 'error' }
  | { kind: 'empty' }
  | { kind: 'posts'; posts: MediaNode[] };

function gridRows(query: ExploreQuery, hidden: (mediaId: string) => boolean): GridRows {
  if (query.status === 'pending') return { kind: 'loading' };
  if (query.status === 'error' && !query.data) return query.error instanceof ApiError && query.error.status === 404 ? { kind: 'gone' } : { kind: 'error' };
  const posts = query.data?.pages.flatMap((p) => p.nodes).filter((post) => !hidden(post.id)) ?? [];
  return posts.length === 0 ? { kind: 'empty' } : { kind: 'posts', posts };
}

/** `/explore/` (and `?cluster=name`): topical chips above the ranked grid of strangers' public posts. */
export function ExplorePage() {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const raw = params.get('cluster');
  const cluster = raw && CLUSTER.test(raw) ? raw : null;
  const query = useExploreMedia(cluster);
  const hide = useNotInterested();
  const hidden = useHiddenFromExplore();
  useDocumentTitle(cluster ? `#${cluster} • ${t('explore.title')}` : t('explore.title'));

  // The chips stay while another cluster's grid loads.
  const current = query.data?.pages[0]?.clusters;
  const [chips, setChips] = useState<ExploreClusterResult[]>(current ?? []);
  useEffect(() => { if (current) setChips(current); }, [current]);

  const { fetchNextPage } = query;
  const { showToast } = useToast();
  const toastedAt = useRef(0);
  useEffect(() => {
    if (!query.isFetchNextPageError || query.errorUpdatedAt === toastedAt.current) return;
    toastedAt.current = query.errorUpdatedAt;
    showToast({ text: t('grid.failed'), actionText: t('post.retry'), onAction: () => void fetchNextPage() });
  }, [query.isFetchNextPageError, query.errorUpdatedAt, showToast, t, fetchNextPage]);

  const select = (next: string | null) => setParams(next ? { cluster: next } : {});
  const rows = gridRows(query, hidden);
  const label = cluster ? t('explore.clusterLabel', { name: `#${cluster}` }) : t('explore.gridLabel');

  return (
    <div className={styles.page}>
      <h1 className="visually-hidden">{t('explore.title')}</h1>
      <div className={styles.searchEntry}>
        <SearchEntry />
      </div>
      {chips.length > 0 ? <ClusterChips clusters={chips} active={cluster} onSelect={select} /> : null}
      {rows.kind === 'loading' ? (
        <ul className={styles.grid} aria-label={t('explore.loading')} aria-busy="true">
          {Array.from({ length: SKELETON_TILES }, (_, i) => (
            <li key={i} className={`${styles.cell} ${styles[tileSize(i)]}`}><span className={`${styles.tile} ${styles.skeleton}`} /></li>
          ))}
        </ul>
      ) : rows.kind === 'gone' ? (
        <EmptyState icon="compass" title={t('explore.gone')}>
          <Link className={buttonClass('secondary')} to="/explore/">{t('explore.back')}</Link>
        </EmptyState>
      ) : rows.kind === 'error' ? (
        <EmptyState icon="alert" title={t('explore.failed')}>
          <Button onClick={() => void query.refetch()}>{t('post.retry')}</Button>
        </EmptyState>
      ) : rows.kind === 'empty' ? (
        cluster ? <EmptyState icon="compass" title={t('explore.clusterEmpty')} body={t('explore.clusterEmptyBody')} /> : <EmptyState icon="compass" title={t('explore.empty')} body={t('explore.emptyBody')} />
      ) : (
        <>
          <ul className={styles.grid} aria-label={label}>
            {rows.posts.map((post, i) => <ExploreTile key={post.id} post={post} size={tileSize(i)} onNotInterested={hide} />)}
          </ul>
          <LoadMore query={query} spacing="grid" />
        </>
      )}
    </div>
  );
}
