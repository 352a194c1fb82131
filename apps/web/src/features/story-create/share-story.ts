import { STORY_HEIGHT, STORY_WIDTH, type StorySticker } from '@shutter/contract';
import { loadImage } from '../create/media-load';
import { paintDrawing, paintItems, paintPicture, measureItem } from './frame-paint';
import { angleOf, FRAME_HEIGHT, FRAME_WIDTH, type CanvasItem, type StoryCreationState } from './story-reducer';

export const STORY_JPEG_QUALITY = 0.9;

const fraction = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 10000) / 10000;

function canvasOf(width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

/**
 * What each sticker links to, with where it sits (fractions of the frame) so that the viewer can
 * make it tappable. Texts are only pictures, and are not sent.
 */
export function stickerMetadata(items: readonly CanvasItem[], measure: (item: CanvasItem) => { width: number; height: number }): StorySticker[] {
  const out: StorySticker[] = [];
  for (const item of items) {
    if (item.kind !== 'sticker') continue;
    const size = measure(item);
    const place = {
      x: fraction(item.x),
      y: fraction(item.y),
      width: fraction((size.width * item.transform.scale) / FRAME_WIDTH),
      height: fraction((size.height * item.transform.scale) / FRAME_HEIGHT),
      rotation: Math.round(angleOf(item.transform) * 10000) / 10000,
    };
    const c = item.content;
    if (c.type === 'mention') out.push({ type: 'mention', user_id: c.userId, ...place });
    else if (c.type === 'hashtag') out.push({ type: 'hashtag', name: c.name, ...place });
    else if (c.type === 'location') out.push({ type: 'location', location_id: c.locationId, ...place });
    else if (c.type === 'time') out.push({ type: 'time', text: c.text, ...place });
    else out.push({ type: 'emoji', emoji: c.emoji, ...place });
  }
  return out;
}

export function measureWithCanvas(): (item: CanvasItem) => { width: number; height: number } {
  const ctx = canvasOf(1, 1).getContext('2d');
  return (item) => (ctx ? measureItem(ctx, item) : { width: 0, height: 0 });
}

/**
 * The photo as it will be seen: the picture fitted to 1080x1920, the drawing, then the texts and
 * stickers, as one JPEG. Stickers are painted in and also sent as metadata (for taps).
 */
export async function flattenStory(state: StoryCreationState): Promise<Blob> {
  const source = state.source;
  if (!source || source.kind !== 'image') throw new Error('no photo');
  const image = await loadImage(source.url);
  const canvas = canvasOf(STORY_WIDTH, STORY_HEIGHT);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no canvas');
  paintPicture(ctx, image, image.naturalWidth, image.naturalHeight, STORY_WIDTH, STORY_HEIGHT);
  const layer = canvasOf(STORY_WIDTH, STORY_HEIGHT);
  const layerCtx = layer.getContext('2d');
  if (layerCtx) {
    paintDrawing(layerCtx, state.drawing, STORY_WIDTH, STORY_HEIGHT);
    ctx.drawImage(layer, 0, 0);
  }
  paintItems(ctx, state.items, STORY_WIDTH, STORY_HEIGHT);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no blob'))), 'image/jpeg', STORY_JPEG_QUALITY));
}

