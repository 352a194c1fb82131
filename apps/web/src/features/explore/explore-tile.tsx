import type { MediaNode } from '@shutter/contract';
import { useT } from '../../lib/i18n/i18n';
import { MenuItemButton, PopupMenu } from '../../ui/popup-menu';
import { GridTile } from '../profile/grid-tile';
import styles from './explore.module.css';

export type TileSize = 'small' | 'largeLeft' | 'largeRight';

/** Explore's layout: every twelve posts, one large tile on the left, then six later one on the right. */
export const tileSize = (index: number): TileSize => (index % 12 === 0 ? 'largeLeft' : index % 12 === 6 ? 'largeRight' : 'small');

const SIZES = { small: '(max-width: 767px) 33vw, 300px', largeLeft: '(max-width: 767px) 66vw, 600px', largeRight: '(max-width: 767px) 66vw, 600px' };

/** One post of explore: the grid's tile, in its size, with its menu ("Not interested") outside the link. */
export function ExploreTile({ post, size, onNotInterested }: { post: MediaNode; size: TileSize; onNotInterested: (post: MediaNode) => void }) {
  const t = useT();
  const menu = (
    <div className={styles.menu}>
      <PopupMenu label={t('explore.postMenu')} buttonClassName={styles.menuButton} menuMinWidth={180}>
        {(close) => (
          <MenuItemButton onSelect={() => { close(false); onNotInterested(post); }}>{t('explore.notInterested')}</MenuItemButton>
        )}
      </PopupMenu>
    </div>
  );
  return <GridTile post={post} isOwner={false} sizes={SIZES[size]} cellClassName={`${styles.cell} ${styles[size]}`} testId="explore-tile" extra={menu} />;
}
