import { MAX_ZOOM, centredCrop, cropRect, minScale, panCrop, zoomCrop, type CroppedImage, type Size } from '../create/crop';

/**
 * The profile photo crop, on top of the creation flow's crop geometry with a square frame: the
 * circle is inscribed in that square, so a square that stays inside the image keeps the circle
 * covered. Zoom 1 is the square just covering the image's short side; MAX_ZOOM is four times that.
 */
export type AvatarCrop = CroppedImage;
export type { Size };

export const MIN_AVATAR_ZOOM = 1;
export const MAX_AVATAR_ZOOM = MAX_ZOOM;
/** The uploaded JPEG's side, unless the picture's short side is smaller. */
export const AVATAR_OUTPUT_SIDE = 640;
export const AVATAR_QUALITY = 0.9;

const SQUARE = 1;
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** The centred square on the short side, at zoom 1. */
export function initialAvatarCrop(size: Size): AvatarCrop {
  return centredCrop(size, SQUARE, { mirrored: false, rotationAngle: 0 });
}

/** How far the picture is zoomed: 1 (just covering the circle) to MAX_AVATAR_ZOOM. */
export function avatarZoom(crop: AvatarCrop, size: Size): number {
  return crop.scaleFactor / minScale(size, SQUARE);
}

/** A new zoom around the circle's centre; the square is kept inside the picture. */
export function zoomAvatar(crop: AvatarCrop, size: Size, zoom: number): AvatarCrop {
  return zoomCrop(crop, size, SQUARE, clamp(zoom, MIN_AVATAR_ZOOM, MAX_AVATAR_ZOOM) * minScale(size, SQUARE));
}

/** Moves the picture by (dx, dy) picture pixels under the circle: the square moves the other way. */
export function moveAvatar(crop: AvatarCrop, size: Size, dx: number, dy: number): AvatarCrop {
  return panCrop(crop, size, SQUARE, -dx, -dy);
}

/** The chosen square, in picture pixels. */
export function avatarSquare(crop: AvatarCrop, size: Size): { x: number; y: number; side: number } {
  const rect = cropRect(crop, size, SQUARE);
  return { x: rect.x, y: rect.y, side: rect.width };
}

/** Picture pixels per screen pixel when the square is shown `windowSide` screen pixels wide. */
export function pixelsPerScreenPixel(crop: AvatarCrop, size: Size, windowSide: number): number {
  return windowSide > 0 ? avatarSquare(crop, size).side / windowSide : 0;
}

/** The output's side: AVATAR_OUTPUT_SIDE, or the picture's short side when that is smaller. */
export function avatarOutputSide(size: Size): number {
  return Math.max(1, Math.round(Math.min(AVATAR_OUTPUT_SIDE, size.width, size.height)));
}

/**
 * Where the picture sits relative to the circle's box, in percent of that box's side (the box is
 * square, so `top` in percent of its height is the same measure): CSS left, top and width.
 */
export function avatarPlacement(crop: AvatarCrop, size: Size): { left: number; top: number; width: number } {
  const square = avatarSquare(crop, size);
  const percent = (value: number) => (value / square.side) * 100 || 0;
  return { left: percent(-square.x), top: percent(-square.y), width: percent(size.width) };
}

/** The uploaded file's name: the original's, with a .jpg extension. */
export function avatarFileName(original: string): string {
  const base = original.replace(/\.[^./\\]*$/, '');
  return `${base || 'profile'}.jpg`;
}
