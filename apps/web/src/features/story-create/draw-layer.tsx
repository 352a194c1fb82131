import { useEffect, useRef, type PointerEvent } from 'react';
import { useT } from '../../lib/i18n/i18n';
import { paintDrawing } from './frame-paint';
import type { Drawing } from './story-reducer';
import { dispatchStory } from './story-store';
import styles from './story-create.module.css';

/** Smallest pen travel, as a fraction of the frame's width, that adds a line. */
const MIN_STEP = 0.004;

interface DrawLayerProps {
  drawing: Drawing;
  /** Size of the frame in CSS px. */
  width: number;
  height: number;
  active: boolean;
}

/** The drawing, on a canvas of its own over the picture; while drawing, it takes the pen. */
export function DrawLayer({ drawing, width, height, active }: DrawLayerProps) {
  const t = useT();
  const ref = useRef<HTMLCanvasElement>(null);
  const stroke = useRef<{ id: number; last: { x: number; y: number }; moved: boolean } | null>(null);

  useEffect(() => {
    const canvas = ref.current;
    if (!canvas || !width) return;
    const ratio = Math.min(2, window.devicePixelRatio || 1);
    const w = Math.round(width * ratio);
    const h = Math.round(height * ratio);
    if (canvas.width !== w) canvas.width = w;
    if (canvas.height !== h) canvas.height = h;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.clearRect(0, 0, w, h);
    paintDrawing(ctx, drawing, w, h);
  }, [drawing, width, height]);

  const pointOf = (event: PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: (event.clientX - rect.left) / rect.width, y: (event.clientY - rect.top) / rect.height };
  };

  return (
    <canvas
      ref={ref}
      className={`${styles.drawLayer} ${active ? styles.drawing : ''}`}
      role={active ? 'img' : undefined}
      aria-label={active ? t('storyCreate.draw.canvas') : undefined}
      aria-hidden={active ? undefined : true}
      onPointerDown={(event) => {
        if (!active || stroke.current) return;
        event.currentTarget.setPointerCapture(event.pointerId);
        const p = pointOf(event);
        stroke.current = { id: event.pointerId, last: p, moved: false };
        dispatchStory({ type: 'drawStart' });
        dispatchStory({ type: 'drawLine', lineType: 'curve', ...p });
      }}
      onPointerMove={(event) => {
        const s = stroke.current;
        if (!s || s.id !== event.pointerId) return;
        const p = pointOf(event);
        if (Math.hypot(p.x - s.last.x, (p.y - s.last.y) * (height / (width || 1))) < MIN_STEP) return;
        s.last = p;
        s.moved = true;
        dispatchStory({ type: 'drawLine', lineType: 'curve', ...p });
      }}
      onPointerUp={(event) => {
        const s = stroke.current;
        if (!s || s.id !== event.pointerId) return;
        stroke.current = null;
        dispatchStory({ type: 'drawLine', lineType: s.moved ? 'end' : 'dot', ...pointOf(event) });
      }}
      onPointerCancel={(event) => {
        const s = stroke.current;
        if (!s || s.id !== event.pointerId) return;
        stroke.current = null;
        dispatchStory({ type: 'drawLine', lineType: 'end', ...s.last });
      }}
    />
  );
}
