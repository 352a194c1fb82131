import { clampCrop, cropRect, outputSize, turnedSize, type CroppedImage, type Size } from './crop';
import { applyColorTransform, colorTransform } from './color-matrix';
import { cssFilter, type FilterChoice } from './filters';

export const EXPORT_LONGEST_SIDE = 2160;
export const EXPORT_QUALITY = 0.9;

interface RenderInput {
  image: CanvasImageSource;
  /** The picture's natural size (before rotation). */
  source: Size;
  crop: CroppedImage;
  aspect: number;
  filter: FilterChoice;
}

/** Whether this canvas applies `ctx.filter` (Safari before 18 ignores it). */
function canvasFilters(ctx: CanvasRenderingContext2D): boolean {
  return typeof ctx.filter === 'string';
}

/**
 * Draws the cropped, turned, mirrored and filtered picture onto a canvas of the given size. The
 * transform maps turned-image pixels onto the canvas: scale, move the crop's corner to the origin,
 * flip, then rotate the source around the turned image's centre.
 */
export function drawCropped(canvas: HTMLCanvasElement, width: number, height: number, input: RenderInput, withFilter = true): void {
  const { image, source, aspect, filter } = input;
  const turned = turnedSize(source, input.crop.rotationAngle);
  // The preview and the export draw the same clamped rectangle: the frame is always covered, and
  // what is published is what the frame showed.
  const crop = clampCrop(input.crop, turned, aspect);
  const rect = cropRect(crop, turned, aspect);
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, width, height);
  const native = withFilter && canvasFilters(ctx);
  ctx.filter = native ? cssFilter(filter.name, filter.strength) : 'none';
  ctx.imageSmoothingQuality = 'high';
  ctx.scale(width / rect.width, height / rect.height);
  ctx.translate(-rect.x, -rect.y);
  if (crop.mirrored) {
    ctx.translate(turned.width, 0);
    ctx.scale(-1, 1);
  }
  ctx.translate(turned.width / 2, turned.height / 2);
  ctx.rotate((crop.rotationAngle * Math.PI) / 180);
  ctx.drawImage(image, -source.width / 2, -source.height / 2, source.width, source.height);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.filter = 'none';
  if (withFilter && !native && filter.name !== 'normal') {
    const pixels = ctx.getImageData(0, 0, width, height);
    applyColorTransform(pixels.data, colorTransform(filter.name, filter.strength));
    ctx.putImageData(pixels, 0, 0);
  }
}

/** The JPEG that gets uploaded: the crop at its own resolution, at most 2160 px on the longest side. */
export function exportJpeg(input: RenderInput): Promise<Blob> {
  const turned = turnedSize(input.source, input.crop.rotationAngle);
  const out = outputSize(cropRect(clampCrop(input.crop, turned, input.aspect), turned, input.aspect), EXPORT_LONGEST_SIDE);
  const canvas = document.createElement('canvas');
  drawCropped(canvas, out.width, out.height, input);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('export failed'))), 'image/jpeg', EXPORT_QUALITY);
  });
}
