import type { MouseEvent } from 'react';
import { useT } from '../../lib/i18n/i18n';
import { Icon } from '../../ui/icon';
import type { AspectId } from './crop';
import type { CreationItem } from './creation-reducer';
import { dispatchCreation } from './creation-store';
import { CroppedCanvas, frameStyle } from './cropped-canvas';
import styles from './details.module.css';
import stepStyles from './steps.module.css';

export interface TagSpot {
  x: number;
  y: number;
}

interface TagPhotoProps {
  item: CreationItem;
  aspect: AspectId;
  pending: TagSpot | null;
  onPlace: (spot: TagSpot) => void;
  disabled: boolean;
}

/** The photo as it will be posted; a click places a tag there, the tags show as removable labels. */
export function TagPhoto({ item, aspect, pending, onPlace, disabled }: TagPhotoProps) {
  const t = useT();
  const place = (event: MouseEvent<HTMLButtonElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    // A keyboard "click" has no position (detail 0): the tag starts at the centre.
    if (event.detail === 0) return onPlace({ x: 0.5, y: 0.5 });
    onPlace({ x: (event.clientX - box.left) / box.width, y: (event.clientY - box.top) / box.height });
  };
  return (
    <div className={stepStyles.stage}>
      <div className={styles.tagPhoto} style={frameStyle(aspect)}>
        <CroppedCanvas item={item} aspect={aspect} filter={item.filter} className={styles.tagCanvas} />
        <button type="button" className={styles.tagSurface} onClick={place} disabled={disabled} aria-label={t('create.tags.photo')} />
        {item.usertags.map((tag) => (
          <span key={tag.user.id} className={styles.tagLabel} style={{ left: `${tag.x * 100}%`, top: `${tag.y * 100}%` }}>
            <span>{tag.user.username}</span>
            <button type="button" className={styles.tagRemove} disabled={disabled} aria-label={t('create.tags.remove', { username: tag.user.username })} onClick={() => dispatchCreation({ type: 'removeTag', userId: tag.user.id })}>
              <Icon name="close" size={12} strokeWidth={2.5} />
            </button>
          </span>
        ))}
        {pending ? <span className={styles.pendingDot} style={{ left: `${pending.x * 100}%`, top: `${pending.y * 100}%` }} aria-hidden="true" /> : null}
      </div>
    </div>
  );
}
