import { useId, useRef, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import type { MediaItem, TaggedUser } from '@shutter/contract';
import { useT } from '../../lib/i18n/i18n';
import { Icon } from '../../ui/icon';
import styles from './post-tags.module.css';

/** Where a label stays inside the frame: its centre no closer to an edge than this (a fraction). */
const EDGE = 0.12;
/** Below this height the label hangs above its point rather than below it. */
const LOW = 0.82;

/**
 * A tag's point in the shown frame. Tags are placed on the whole picture (0..1 each way); the frame
 * shows it cropped to `ratio` (object-fit: cover), so a point moves with the crop.
 */
export function framePoint(tag: { x: number; y: number }, dimensions: { width: number; height: number }, ratio: number): { x: number; y: number } {
  const { width, height } = dimensions;
  const picture = width && height ? width / height : ratio;
  // The shown fraction of the picture's width (wider than the frame) or height (taller).
  const shownX = picture > ratio ? ratio / picture : 1;
  const shownY = picture < ratio ? picture / ratio : 1;
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  return { x: clamp((tag.x - (1 - shownX) / 2) / shownX), y: clamp((tag.y - (1 - shownY) / 2) / shownY) };
}

export const tagsOf = (item: Pick<MediaItem, 'edge_media_to_tagged_user'>): TaggedUser[] => item.edge_media_to_tagged_user.edges.map((edge) => edge.node);

interface MediaTagsProps {
  item: Pick<MediaItem, 'edge_media_to_tagged_user' | 'dimensions'>;
  ratio: number;
  shown: boolean;
  onToggle: () => void;
}

/**
 * Over a photo or video with people tagged in it: a small button (bottom left) shows or hides the
 * tagged usernames at their places, each a link to the profile. Escape hides them again.
 */
export function MediaTags({ item, ratio, shown, onToggle }: MediaTagsProps) {
  const t = useT();
  const listId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const tags = tagsOf(item);
  if (tags.length === 0) return null;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !shown) return;
    event.stopPropagation();
    onToggle();
    buttonRef.current?.focus();
  };
  return (
    <div className={styles.layer} onKeyDown={onKeyDown}>
      {shown ? (
        <ul id={listId} className={styles.labels} aria-label={t('post.tags.list')}>
          {tags.map((tag) => {
            const point = framePoint(tag, item.dimensions, ratio);
            const above = point.y > LOW;
            return (
              <li
                key={tag.user.id}
                className={`${styles.label} ${above ? styles.above : ''}`}
                style={{ left: `${Math.min(1 - EDGE, Math.max(EDGE, point.x)) * 100}%`, top: `${point.y * 100}%` }}
              >
                <Link to={`/${tag.user.username}/`} className={styles.link} title={tag.user.full_name || undefined}>
                  {tag.user.username}
                </Link>
              </li>
            );
          })}
        </ul>
      ) : null}
      <button
        ref={buttonRef}
        type="button"
        className={styles.toggle}
        aria-label={t('post.tags.toggle')}
        aria-expanded={shown}
        aria-controls={shown ? listId : undefined}
        onClick={onToggle}
      >
        <Icon name="user" size={14} filled strokeWidth={2} />
      </button>
    </div>
  );
}
