import { useId, type KeyboardEvent } from 'react';
import { useT } from '../../lib/i18n/i18n';
import { arrowMove, useDragPan } from '../../ui/drag-pan';
import { ASPECTS, cropRect, turnedSize, type AspectId } from './crop';
import type { CreationItem } from './creation-reducer';
import { dispatchCreation } from './creation-store';
import { CroppedCanvas, frameStyle } from './cropped-canvas';
import styles from './steps.module.css';

/** Share of the crop's width one arrow key press moves it. */
const KEY_STEP = 0.05;

/** The crop preview: drag it (mouse, touch, pen) or use the arrow keys to move what shows. */
export function CropStage({ item, aspect }: { item: CreationItem; aspect: AspectId }) {
  const t = useT();
  const hintId = useId();
  const rect = cropRect(item.croppedImage, turnedSize(item.source, item.croppedImage.rotationAngle), ASPECTS[aspect]);

  const drag = useDragPan((dx, dy, stage) => {
    const k = rect.width / stage.getBoundingClientRect().width;
    // Dragging the picture right shows more of its left: the crop moves the other way.
    dispatchCreation({ type: 'pan', dx: -dx * k, dy: -dy * k });
  });
  const onKeyDown = (event: KeyboardEvent) => {
    const move = arrowMove(event.key, rect.width * KEY_STEP);
    if (!move) return;
    event.preventDefault();
    dispatchCreation({ type: 'pan', dx: move[0], dy: move[1] });
  };

  return (
    <div className={styles.stage}>
      <div
        className={styles.cropFrame}
        style={frameStyle(aspect)}
        role="group"
        tabIndex={0}
        aria-label={t('create.crop.area')}
        aria-describedby={hintId}
        {...drag}
        onKeyDown={onKeyDown}
      >
        <CroppedCanvas item={item} aspect={aspect} className={styles.canvas} />
        <span className={styles.grid} aria-hidden="true" />
      </div>
      <p id={hintId} className="visually-hidden">
        {t('create.crop.hint')}
      </p>
    </div>
  );
}
