import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { MediaNode } from '@shutter/contract';
import { useDataSaver } from '../../lib/data-saver';
import { numberFormat } from '../../lib/formatters';
import { useI18n } from '../../lib/i18n/i18n';
import { bestSource, srcSetOf } from '../../lib/media-sources';
import { useImageFade } from '../../lib/use-image-fade';
import { Icon } from '../../ui/icon';
import { usePostView } from '../../state/queries/post';
import { blurredClass, SensitiveTileMark } from '../posts/sensitive-cover';
import styles from './profile-grid.module.css';

const GRID_SIZES = '(max-width: 479px) 50vw, (max-width: 959px) 33vw, (max-width: 1439px) 310px, 234px';

interface GridTileProps {
  post: MediaNode;
  isOwner: boolean;
  /** Sits over the tile, outside the link (tag review buttons, explore's menu). */
  extra?: ReactNode;
  /** The image's `sizes` where the grid lays tiles out otherwise (explore's large tiles). */
  sizes?: string;
  /** More classes for the cell (explore's spans). */
  cellClassName?: string;
  testId?: string;
}

/** One square thumbnail linking to the post, with its likes and comments on hover. */
export function GridTile({ post, isOwner, extra, sizes = GRID_SIZES, cellClassName, testId }: GridTileProps) {
  const { t, locale } = useI18n();
  const { config } = useDataSaver();
  const view = usePostView(post);
  const fade = useImageFade(post.thumbhash);
  if (view.deleted) return null;
  const number = numberFormat(locale, { notation: 'compact' });
  const kind = post.__typename === 'GraphSidecar' ? 'carousel' : post.is_video ? 'video' : null;
  return (
    <li className={cellClassName ? `${styles.cell} ${cellClassName}` : styles.cell} data-testid={testId}>
      <Link to={`/p/${post.shortcode}/`} className={styles.tile} style={{ backgroundImage: fade.placeholder ? `url(${fade.placeholder})` : undefined }}>
        <img
          className={`${styles.image} ${fade.shown ? styles.loaded : ''} ${post.is_sensitive ? blurredClass : ''}`}
          src={bestSource(post.display_resources, config.imageResolution, post.display_url)}
          srcSet={srcSetOf(post.display_resources, config.imageResolution) || undefined}
          sizes={sizes}
          alt={post.accessibility_caption || t(post.is_video ? 'post.videoAlt' : 'post.photoAlt', { username: post.owner.username })}
          loading="lazy"
          decoding="async"
          onLoad={fade.onLoad}
        />
        {post.is_sensitive ? <SensitiveTileMark /> : null}
        {kind ? (
          <span className={styles.corner} role="img" aria-label={t(kind === 'carousel' ? 'grid.carousel' : 'grid.video')}>
            <Icon name={kind === 'carousel' ? 'carousel' : 'film'} size={20} />
          </span>
        ) : null}
        {isOwner && post.status === 'processing' ? <span className={styles.processing}>{t('post.processing')}</span> : null}
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
      {extra}
    </li>
  );
}
