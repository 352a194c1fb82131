import { useRef, useState, type PointerEvent } from 'react';
import type { MediaNode } from '@shutter/contract';
import { useT } from '../../lib/i18n/i18n';
import { Icon } from '../../ui/icon';
import { MediaCarousel } from './media-carousel';
import { frameRatio, MediaItemView } from './media-item';
import styles from './media.module.css';

const DOUBLE_TAP_MS = 300;

/** A post's media; a double tap (or double click) likes it with a heart burst. */
export function PostMedia({ post, sizes, priority, onDoubleTap }: { post: MediaNode; sizes: string; priority?: boolean; onDoubleTap: () => void }) {
  const t = useT();
  const [burst, setBurst] = useState(0);
  const lastTap = useRef(0);
  const children = post.edge_sidecar_to_children?.edges.map((edge) => edge.node) ?? [];
  const ratio = frameRatio(children[0] ?? post);
  const altOf = (item: { accessibility_caption: string | null; is_video: boolean }) =>
    item.accessibility_caption || t(item.is_video ? 'post.videoAlt' : 'post.photoAlt', { username: post.owner.username });

  const onPointerUp = (event: PointerEvent) => {
    if ((event.target as HTMLElement).closest('button')) return;
    if (event.timeStamp - lastTap.current < DOUBLE_TAP_MS) {
      lastTap.current = 0;
      setBurst((n) => n + 1);
      onDoubleTap();
    } else {
      lastTap.current = event.timeStamp;
    }
  };

  return (
    <div className={styles.media} onPointerUp={onPointerUp}>
      {children.length > 1 ? (
        <MediaCarousel
          count={children.length}
          renderSlide={(i) => <MediaItemView item={children[i]!} alt={altOf(children[i]!)} sizes={sizes} ratio={ratio} priority={priority && i === 0} />}
        />
      ) : (
        <MediaItemView item={post} alt={altOf(post)} sizes={sizes} ratio={ratio} priority={priority} />
      )}
      {burst > 0 ? (
        <span key={burst} className={styles.burst} aria-hidden="true">
          <Icon name="heart" size={96} filled />
        </span>
      ) : null}
    </div>
  );
}
