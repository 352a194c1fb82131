/**
 * Crop geometry. Coordinates are source pixels of the image after rotation and mirroring (its
 * "turned" size W×H). The frame shows a rectangle of width W / scaleFactor and the chosen aspect,
 * whose top-left corner is (offsetLeft, offsetTop): scaleFactor 1 is the image fitted by its width.
 */
export interface CroppedImage {
  offsetLeft: number;
  offsetTop: number;
  scaleFactor: number;
  mirrored: boolean;
  /** Clockwise, one of 0, 90, 180, 270. */
  rotationAngle: number;
}

export const ASPECTS = {
  square: 1,
  portrait: 4 / 5,
  landscape: 16 / 9,
} as const;
export type AspectId = keyof typeof ASPECTS;
/** How far past "just covering the frame" the zoom slider goes. */
export const MAX_ZOOM = 4;

export interface Size {
  width: number;
  height: number;
}

/** R-000-creation-4..6: a centred square on the shorter side; scaleFactor 1 unless landscape. */
export function defaultCrop(width: number, height: number): CroppedImage {
  const side = Math.min(width, height);
  return {
    offsetLeft: (width - side) / 2,
    offsetTop: (height - side) / 2,
    scaleFactor: width > height ? width / height : 1,
    mirrored: false,
    rotationAngle: 0,
  };
}

/** The image's size once turned by the crop's rotation. */
export function turnedSize(source: Size, rotationAngle: number): Size {
  return rotationAngle % 180 === 0 ? source : { width: source.height, height: source.width };
}

/** The smallest zoom (frame pixels per image pixel) at which the image covers the whole frame. */
export function coverScale(frame: Size, image: Size): number {
  return Math.max(frame.width / image.width, frame.height / image.height);
}

/**
 * The smallest scaleFactor whose rectangle still fits inside the image (no empty bands): the cover
 * zoom of a frame of that aspect, expressed against the image fitted by its width.
 */
export function minScale(size: Size, aspect: number): number {
  const frame = { width: aspect, height: 1 };
  return (coverScale(frame, size) * size.width) / frame.width;
}

/** The cropped rectangle in turned-image pixels. */
export function cropRect(crop: CroppedImage, size: Size, aspect: number): { x: number; y: number; width: number; height: number } {
  const width = size.width / crop.scaleFactor;
  return { x: crop.offsetLeft, y: crop.offsetTop, width, height: width / aspect };
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** Keeps the scale within [cover, MAX_ZOOM × cover] and the rectangle inside the image. */
export function clampCrop(crop: CroppedImage, size: Size, aspect: number): CroppedImage {
  const low = minScale(size, aspect);
  const scaleFactor = clamp(crop.scaleFactor, low, low * MAX_ZOOM);
  const rect = cropRect({ ...crop, scaleFactor }, size, aspect);
  return {
    ...crop,
    scaleFactor,
    offsetLeft: clamp(crop.offsetLeft, 0, size.width - rect.width),
    offsetTop: clamp(crop.offsetTop, 0, size.height - rect.height),
  };
}

/** A new scale keeping the same centre. */
export function zoomCrop(crop: CroppedImage, size: Size, aspect: number, scaleFactor: number): CroppedImage {
  const before = cropRect(crop, size, aspect);
  const after = cropRect({ ...crop, scaleFactor }, size, aspect);
  const centred = {
    ...crop,
    scaleFactor,
    offsetLeft: before.x + before.width / 2 - after.width / 2,
    offsetTop: before.y + before.height / 2 - after.height / 2,
  };
  return clampCrop(centred, size, aspect);
}

/** Moves the rectangle by a distance in turned-image pixels (a drag moves it the other way). */
export function panCrop(crop: CroppedImage, size: Size, aspect: number, dx: number, dy: number): CroppedImage {
  return clampCrop({ ...crop, offsetLeft: crop.offsetLeft + dx, offsetTop: crop.offsetTop + dy }, size, aspect);
}

/** Flips the picture; the rectangle flips with it so the same part stays in view. */
export function mirrorCrop(crop: CroppedImage, size: Size, aspect: number): CroppedImage {
  const rect = cropRect(crop, size, aspect);
  return clampCrop({ ...crop, mirrored: !crop.mirrored, offsetLeft: size.width - rect.width - crop.offsetLeft }, size, aspect);
}

/**
 * The centred, just-covering rectangle for an aspect (used after a rotation or an aspect change).
 * Only the turn and the flip are kept: the old scale and offsets belong to the old frame, and
 * carrying them over left a band of nothing in a taller or wider frame.
 */
export function centredCrop(size: Size, aspect: number, keep: Pick<CroppedImage, 'mirrored' | 'rotationAngle'>): CroppedImage {
  const { mirrored, rotationAngle } = keep;
  const scaleFactor = minScale(size, aspect);
  const rect = cropRect({ offsetLeft: 0, offsetTop: 0, scaleFactor, mirrored, rotationAngle }, size, aspect);
  return { mirrored, rotationAngle, scaleFactor, offsetLeft: (size.width - rect.width) / 2, offsetTop: (size.height - rect.height) / 2 };
}

/** Turns the picture a quarter clockwise and recentres the crop on the turned image. */
export function rotateCrop(crop: CroppedImage, source: Size, aspect: number): CroppedImage {
  const rotationAngle = (crop.rotationAngle + 90) % 360;
  return centredCrop(turnedSize(source, rotationAngle), aspect, { mirrored: crop.mirrored, rotationAngle });
}

/** Output size: the rectangle's pixels, shrunk so the longest side is at most `longest`. */
export function outputSize(rect: Size, longest: number): Size {
  const k = Math.min(1, longest / Math.max(rect.width, rect.height));
  return { width: Math.max(1, Math.round(rect.width * k)), height: Math.max(1, Math.round(rect.height * k)) };
}
