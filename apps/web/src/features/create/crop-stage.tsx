import { useId, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useT } from '../../lib/i18n/i18n';
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
  const last = useRef<{ x: number; y: number } | null>(null);
  const rect = cropRect(item.croppedImage, turnedSize(item.source, item.croppedImage.rotationAngle), ASPECTS[aspect]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    last.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!last.current) return;
    const k = rect.width / event.currentTarget.getBoundingClientRect().width;
    const dx = event.clientX - last.current.x;
    const dy = event.clientY - last.current.y;
    last.current = { x: event.clientX, y: event.clientY };
    // Dragging the picture right shows more of its left: the crop moves the other way.
    dispatchCreation({ type: 'pan', dx: -dx * k, dy: -dy * k });
  };
  const onPointerUp = () => {
    last.current = null;
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const step = rect.width * KEY_STEP;
    const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const move = moves[event.key];
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
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
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
