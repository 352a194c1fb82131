import { storyColourValue, STORY_HEIGHT, STORY_WIDTH } from '@shutter/contract';
import { fontOf, stickerLook, TEXT_LINE_HEIGHT } from './sticker-look';
import { angleOf, FRAME_WIDTH, strokesOf, type CanvasItem, type DrawLine, type Drawing } from './story-reducer';

/**
 * Paints a story frame on a canvas: the picture, the drawing, then the texts and stickers back to
 * front. The editor's drawing layer and the shared image both come from here.
 */

const FRAME_ASPECT = STORY_WIDTH / STORY_HEIGHT;

/**
 * A picture close to 9:16 fills the frame (cropped at its edges); any other is shown whole over a
 * blurred, darkened copy of itself filling the frame, as the service composes story photos.
 */
export function fitOf(width: number, height: number): 'cover' | 'contain' {
  const ratio = width / height / FRAME_ASPECT;
  return ratio > 0.88 && ratio < 1.12 ? 'cover' : 'contain';
}

function placeImage(image: CanvasImageSource, iw: number, ih: number, ctx: CanvasRenderingContext2D, w: number, h: number, mode: 'cover' | 'contain') {
  const scale = mode === 'cover' ? Math.max(w / iw, h / ih) : Math.min(w / iw, h / ih);
  const dw = iw * scale;
  const dh = ih * scale;
  ctx.drawImage(image, (w - dw) / 2, (h - dh) / 2, dw, dh);
}

export function paintPicture(ctx: CanvasRenderingContext2D, image: CanvasImageSource, iw: number, ih: number, w: number, h: number): void {
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, w, h);
  const mode = fitOf(iw, ih);
  if (mode === 'contain') {
    ctx.save();
    ctx.filter = `blur(${Math.round(w / 24)}px) brightness(0.6)`;
    placeImage(image, iw, ih, ctx, w, h, 'cover');
    ctx.restore();
  }
  placeImage(image, iw, ih, ctx, w, h, mode);
}

function strokeStyle(ctx: CanvasRenderingContext2D, first: DrawLine, k: number) {
  const width = first.size * k;
  ctx.lineWidth = first.brush === 'eraser' ? width * 2 : first.brush === 'chisel' ? width * 1.4 : width;
  ctx.lineCap = first.brush === 'chisel' ? 'square' : 'round';
  ctx.lineJoin = first.brush === 'chisel' ? 'bevel' : 'round';
  ctx.globalCompositeOperation = first.brush === 'eraser' ? 'destination-out' : 'source-over';
  ctx.globalAlpha = first.brush === 'chisel' ? 0.85 : 1;
  const colour = storyColourValue(first.colour);
  ctx.strokeStyle = colour;
  ctx.fillStyle = colour;
  ctx.shadowBlur = 0;
  if (first.brush === 'magic') {
    // A glowing line whose colour runs through the hues along the stroke.
    ctx.shadowColor = colour;
    ctx.shadowBlur = width * 1.5;
  }
}

/** The drawing alone (the eraser clears what was drawn, never the picture): paint it on its own canvas. */
export function paintDrawing(ctx: CanvasRenderingContext2D, drawing: Drawing, w: number, h: number): void {
  const k = w / FRAME_WIDTH;
  for (const stroke of strokesOf(drawing)) {
    const first = stroke[0]!;
    ctx.save();
    strokeStyle(ctx, first, k);
    const dot = stroke.find((line) => line.type === 'dot');
    if (dot || stroke.length === 1) {
      const at = dot ?? first;
      ctx.beginPath();
      ctx.arc(at.x * w, at.y * h, ctx.lineWidth / 2, 0, Math.PI * 2);
      ctx.fill();
    } else if (first.brush === 'magic') {
      for (let i = 1; i < stroke.length; i += 1) {
        const a = stroke[i - 1]!;
        const b = stroke[i]!;
        const hue = (i * 7) % 360;
        ctx.strokeStyle = `hsl(${hue}, 95%, 60%)`;
        ctx.shadowColor = ctx.strokeStyle;
        ctx.beginPath();
        ctx.moveTo(a.x * w, a.y * h);
        ctx.lineTo(b.x * w, b.y * h);
        ctx.stroke();
      }
    } else {
      ctx.beginPath();
      ctx.moveTo(first.x * w, first.y * h);
      for (let i = 1; i < stroke.length - 1; i += 1) {
        // Through the midpoints, for a smooth curve.
        const a = stroke[i]!;
        const b = stroke[i + 1]!;
        ctx.quadraticCurveTo(a.x * w, a.y * h, ((a.x + b.x) / 2) * w, ((a.y + b.y) / 2) * h);
      }
      const last = stroke[stroke.length - 1]!;
      ctx.lineTo(last.x * w, last.y * h);
      ctx.stroke();
    }
    ctx.restore();
  }
}

function roundedRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number) {
  const radius = Math.min(r, w / 2, h / 2);
  ctx.beginPath();
  ctx.moveTo(x + radius, y);
  ctx.arcTo(x + w, y, x + w, y + h, radius);
  ctx.arcTo(x + w, y + h, x, y + h, radius);
  ctx.arcTo(x, y + h, x, y, radius);
  ctx.arcTo(x, y, x + w, y, radius);
  ctx.closePath();
}

/** Size of an item in design units before its transform, as the canvas lays it out. */
export function measureItem(ctx: CanvasRenderingContext2D, item: CanvasItem): { width: number; height: number } {
  if (item.kind === 'text') {
    ctx.font = fontOf(600, item.fontSize);
    const lines = item.renderText.split('\n');
    return { width: Math.max(...lines.map((line) => ctx.measureText(line).width)), height: lines.length * item.fontSize * TEXT_LINE_HEIGHT };
  }
  const look = stickerLook(item);
  ctx.font = fontOf(look.fontWeight, look.fontSize);
  return { width: ctx.measureText(look.text).width + look.paddingX * 2, height: look.fontSize * TEXT_LINE_HEIGHT + look.paddingY * 2 };
}

function paintItem(ctx: CanvasRenderingContext2D, item: CanvasItem, w: number, h: number) {
  const k = w / FRAME_WIDTH;
  ctx.save();
  ctx.translate(item.x * w, item.y * h);
  ctx.rotate(angleOf(item.transform));
  ctx.scale(item.transform.scale * k, item.transform.scale * k);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  if (item.kind === 'text') {
    const lines = item.renderText.split('\n');
    const lineHeight = item.fontSize * TEXT_LINE_HEIGHT;
    ctx.font = fontOf(600, item.fontSize);
    ctx.fillStyle = storyColourValue(item.colour);
    ctx.shadowColor = item.shadow.colour;
    // Shadows are in device pixels, unaffected by the transform.
    ctx.shadowOffsetX = item.shadow.offsetX * k * item.transform.scale;
    ctx.shadowOffsetY = item.shadow.offsetY * k * item.transform.scale;
    ctx.shadowBlur = item.shadow.blur * k * item.transform.scale;
    lines.forEach((line, index) => ctx.fillText(line, 0, (index - (lines.length - 1) / 2) * lineHeight));
  } else {
    const look = stickerLook(item);
    const { width, height } = measureItem(ctx, item);
    if (look.background) {
      ctx.fillStyle = look.background;
      roundedRect(ctx, -width / 2, -height / 2, width, height, look.radius);
      ctx.fill();
    }
    ctx.font = fontOf(look.fontWeight, look.fontSize);
    ctx.fillStyle = look.colour;
    ctx.fillText(look.text, 0, 1);
  }
  ctx.restore();
}

export function paintItems(ctx: CanvasRenderingContext2D, items: readonly CanvasItem[], w: number, h: number): void {
  for (const item of items) if (item.kind === 'sticker' || item.renderText) paintItem(ctx, item, w, h);
}
