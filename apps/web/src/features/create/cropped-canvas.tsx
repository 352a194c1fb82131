import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { ASPECTS, type AspectId } from './crop';
import type { CreationItem } from './creation-reducer';
import { cssFilter, type FilterChoice } from './filters';
import { loadImage } from './media-load';
import { drawCropped } from './render-image';

interface CroppedCanvasProps {
  item: CreationItem;
  aspect: AspectId;
  /** Shown through the CSS filter property: the same functions as the export, without a redraw. */
  filter?: FilterChoice;
  className?: string;
  label?: string;
}

/** A frame of that width-to-height ratio that fits inside its `.stage` (a size container) both ways. */
export function fitStyle(ratio: number): CSSProperties {
  return { aspectRatio: String(ratio), width: `min(100cqw, ${(100 * ratio).toFixed(3)}cqh)` };
}

export const frameStyle = (aspect: AspectId): CSSProperties => fitStyle(ASPECTS[aspect]);

/**
 * The item's crop drawn at the canvas's on-screen size times the pixel ratio. Width comes from
 * the layout; the height follows the aspect.
 */
export function CroppedCanvas({ item, aspect, filter, className, label }: CroppedCanvasProps) {
  const ref = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(0);
  const [image, setImage] = useState<HTMLImageElement | null>(null);

  useEffect(() => {
    let live = true;
    loadImage(item.source.url).then(
      (img) => live && setImage(img),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [item.source.url]);

  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(canvas);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const canvas = ref.current;
    if (!canvas || !image || !width) return;
    const ratio = Math.min(2, window.devicePixelRatio || 1);
    const w = Math.round(width * ratio);
    const input = { image, source: item.source, crop: item.croppedImage, aspect: ASPECTS[aspect], filter: { name: 'normal' as const, strength: 1 } };
    drawCropped(canvas, w, Math.round(w / ASPECTS[aspect]), input, false);
  }, [image, width, item.source, item.croppedImage, aspect]);

  const style: CSSProperties = { aspectRatio: String(ASPECTS[aspect]), filter: filter ? cssFilter(filter.name, filter.strength) : undefined };
  return <canvas ref={ref} className={className} style={style} role={label ? 'img' : undefined} aria-label={label} aria-hidden={label ? undefined : true} />;
}
