import { useEffect, useRef, useState, type PointerEvent } from 'react';
import type { MediaItem, MediaNode } from '@shutter/contract';
import { useT } from '../../lib/i18n/i18n';
import { Icon } from '../../ui/icon';
import { MediaCarousel } from './media-carousel';
import { frameRatio, MediaItemView } from './media-item';
import { MediaTags, tagsOf } from './post-tags';
import { blurredClass, SensitiveCover } from './sensitive-cover';
import styles from './media.module.css';

const DOUBLE_TAP_MS = 300;

/**
 * A post's media; a double tap (or double click) likes it with a heart burst. A single tap on a
 * photo with people tagged in it shows or hides their tags, as the tags button does.
 */
export function PostMedia({ post, sizes, priority, onDoubleTap }: { post: MediaNode; sizes: string; priority?: boolean; onDoubleTap: () => void }) {
  const t = useT();
  const [burst, setBurst] = useState(0);
  const [tagsShown, setTagsShown] = useState(false);
  const [revealed, setRevealed] = useState(false);
  const covered = post.is_sensitive && !revealed;
  const lastTap = useRef(0);
  const tapTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (tapTimer.current) clearTimeout(tapTimer.current);
  }, []);
  const children = post.edge_sidecar_to_children?.edges.map((edge) => edge.node) ?? [];
  const items: Omit<MediaItem, '__typename'>[] = children.length > 0 ? children : [post];
  const hasTags = items.some((item) => tagsOf(item).length > 0);
  const ratio = frameRatio(children[0] ?? post);
  const altOf = (item: { accessibility_caption: string | null; is_video: boolean }) =>
    item.accessibility_caption || t(item.is_video ? 'post.videoAlt' : 'post.photoAlt', { username: post.owner.username });
  const toggleTags = () => setTagsShown((shown) => !shown);

  const onPointerUp = (event: PointerEvent) => {
    if (covered || (event.target as HTMLElement).closest('button, a')) return;
    if (event.timeStamp - lastTap.current < DOUBLE_TAP_MS) {
      lastTap.current = 0;
      // The second tap of a double tap likes; the first one's tags toggle does not happen.
      if (tapTimer.current) clearTimeout(tapTimer.current);
      tapTimer.current = null;
      setBurst((n) => n + 1);
      onDoubleTap();
    } else {
      lastTap.current = event.timeStamp;
      if (hasTags) {
        if (tapTimer.current) clearTimeout(tapTimer.current);
        tapTimer.current = setTimeout(() => {
          tapTimer.current = null;
          toggleTags();
        }, DOUBLE_TAP_MS);
      }
    }
  };

  const slide = (item: Omit<MediaItem, '__typename'>, first: boolean) => (
    <div className={styles.tagged}>
      <MediaItemView item={item} alt={altOf(item)} sizes={sizes} ratio={ratio} priority={priority && first} />
      <MediaTags item={item} ratio={ratio} shown={tagsShown} onToggle={toggleTags} />
    </div>
  );

  return (
    <div className={styles.media} onPointerUp={onPointerUp}>
      <div className={covered ? blurredClass : undefined} inert={covered || undefined}>
        {children.length > 1 ? <MediaCarousel count={children.length} renderSlide={(i) => slide(children[i]!, i === 0)} /> : slide(post, true)}
      </div>
      {covered ? <SensitiveCover onReveal={() => setRevealed(true)} /> : null}
      {burst > 0 ? (
        <span key={burst} className={styles.burst} aria-hidden="true">
          <Icon name="heart" size={96} filled />
        </span>
      ) : null}
    </div>
  );
}
