import { Link } from 'react-router';
import type { MediaNode } from '@shutter/contract';
import { useDataSaver } from '../../lib/data-saver';
import { numberFormat } from '../../lib/formatters';
import { useI18n } from '../../lib/i18n/i18n';
import { bestSource, srcSetOf } from '../../lib/media-sources';
import { useImageFade } from '../../lib/use-image-fade';
import { Icon } from '../../ui/icon';
import { MenuItemButton, PopupMenu } from '../../ui/popup-menu';
import { usePostView } from '../../state/queries/post';
import styles from './explore.module.css';

export type TileSize = 'small' | 'largeLeft' | 'largeRight';

/** Explore's layout: every twelve posts, one large tile on the left, then six later one on the right. */
export const tileSize = (index: number): TileSize => (index % 12 === 0 ? 'largeLeft' : index % 12 === 6 ? 'largeRight' : 'small');

const SIZES = { small: '(max-width: 767px) 33vw, 300px', largeLeft: '(max-width: 767px) 66vw, 600px', largeRight: '(max-width: 767px) 66vw, 600px' };

/** One post of explore: a square linking to it, and its menu ("Not interested") outside the link. */
export function ExploreTile({ post, size, onNotInterested }: { post: MediaNode; size: TileSize; onNotInterested: (post: MediaNode) => void }) {
  const { t, locale } = useI18n();
  const { config } = useDataSaver();
  const view = usePostView(post);
  const fade = useImageFade(post.thumbhash);
  if (view.deleted) return null;
  const number = numberFormat(locale, { notation: 'compact' });
  const kind = post.__typename === 'GraphSidecar' ? 'carousel' : post.is_video ? 'video' : null;
  return (
    <li className={`${styles.cell} ${styles[size]}`} data-testid="explore-tile">
      <Link to={`/p/${post.shortcode}/`} className={styles.tile} style={{ backgroundImage: fade.placeholder ? `url(${fade.placeholder})` : undefined }}>
        <img
          className={`${styles.image} ${fade.shown ? styles.loaded : ''}`}
          src={bestSource(post.display_resources, config.imageResolution, post.display_url)}
          srcSet={srcSetOf(post.display_resources, config.imageResolution) || undefined}
          sizes={SIZES[size]}
          alt={post.accessibility_caption || t(post.is_video ? 'post.videoAlt' : 'post.photoAlt', { username: post.owner.username })}
          loading="lazy"
          decoding="async"
          onLoad={fade.onLoad}
        />
        {kind ? (
          <span className={styles.corner} role="img" aria-label={t(kind === 'carousel' ? 'grid.carousel' : 'grid.video')}>
            <Icon name={kind === 'carousel' ? 'carousel' : 'film'} size={20} />
          </span>
        ) : null}
        <span className={styles.overlay}>
          <span className={styles.stat}>
            <Icon name="heart" size={18} filled /> <span className="visually-hidden">{t('grid.likes')}</span>
            {number.format(view.likeCount)}
          </span>
          <span className={styles.stat}>
            <Icon name="comment" size={18} filled /> <span className="visually-hidden">{t('grid.comments')}</span>
            {number.format(post.edge_media_to_parent_comment.count)}
          </span>
        </span>
      </Link>
      <div className={styles.menu}>
        <PopupMenu label={t('explore.postMenu')} buttonClassName={styles.menuButton} menuMinWidth={180}>
          {(close) => (
            <MenuItemButton onSelect={() => { close(false); onNotInterested(post); }}>{t('explore.notInterested')}</MenuItemButton>
          )}
        </PopupMenu>
      </div>
    </li>
  );
}
