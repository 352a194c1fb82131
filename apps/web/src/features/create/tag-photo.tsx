import type { CSSProperties, MouseEvent, ReactNode } from 'react';
import { useT } from '../../lib/i18n/i18n';
import { Icon } from '../../ui/icon';
import type { AspectId } from './crop';
import type { CreationItem, UserTag } from './creation-reducer';
import { dispatchCreation } from './creation-store';
import { CroppedCanvas, frameStyle } from './cropped-canvas';
import styles from './details.module.css';
import stepStyles from './steps.module.css';

export interface TagSpot {
  x: number;
  y: number;
}

interface TagSurfaceProps {
  /** The picture, drawn to fill the frame. */
  children: ReactNode;
  /** The frame's size and aspect. */
  style: CSSProperties;
  tags: UserTag[];
  pending: TagSpot | null;
  onPlace: (spot: TagSpot) => void;
  onRemove: (userId: string) => void;
  disabled: boolean;
}

/** A picture where a click places a tag; its tags show as removable labels. */
export function TagSurface({ children, style, tags, pending, onPlace, onRemove, disabled }: TagSurfaceProps) {
  const t = useT();
  const place = (event: MouseEvent<HTMLButtonElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    // A keyboard "click" has no position (detail 0): the tag starts at the centre.
    if (event.detail === 0) return onPlace({ x: 0.5, y: 0.5 });
    onPlace({ x: (event.clientX - box.left) / box.width, y: (event.clientY - box.top) / box.height });
  };
  return (
    <div className={stepStyles.stage}>
      <div className={styles.tagPhoto} style={style}>
        {children}
        <button type="button" className={styles.tagSurface} onClick={place} disabled={disabled} aria-label={t('create.tags.photo')} />
        {tags.map((tag) => (
          <span key={tag.user.id} className={styles.tagLabel} style={{ left: `${tag.x * 100}%`, top: `${tag.y * 100}%` }}>
            <span>{tag.user.username}</span>
            <button type="button" className={styles.tagRemove} disabled={disabled} aria-label={t('create.tags.remove', { username: tag.user.username })} onClick={() => onRemove(tag.user.id)}>
              <Icon name="close" size={12} strokeWidth={2.5} />
            </button>
          </span>
        ))}
        {pending ? <span className={styles.pendingDot} style={{ left: `${pending.x * 100}%`, top: `${pending.y * 100}%` }} aria-hidden="true" /> : null}
      </div>
    </div>
  );
}

interface TagPhotoProps {
  item: CreationItem;
  aspect: AspectId;
  pending: TagSpot | null;
  onPlace: (spot: TagSpot) => void;
  disabled: boolean;
}

/** The photo as it will be posted, as a TagSurface of the creation session. */
export function TagPhoto({ item, aspect, pending, onPlace, disabled }: TagPhotoProps) {
  return (
    <TagSurface style={frameStyle(aspect)} tags={item.usertags} pending={pending} onPlace={onPlace} onRemove={(userId) => dispatchCreation({ type: 'removeTag', userId })} disabled={disabled}>
      <CroppedCanvas item={item} aspect={aspect} filter={item.filter} className={styles.tagCanvas} />
    </TagSurface>
  );
}
