import sharp, { type Metadata } from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import { canDecodeHeif, SHARP_IMAGE_FORMATS } from './formats.js';
import { clampAspect, variantSizes, type Size } from './geometry.js';
import { AVATAR_SIZES, IMAGE_VARIANT_WIDTHS, MAX_PHOTO_BYTES, MAX_PIXELS } from './limits.js';
import { MediaError, megabytes } from './media-error.js';

export interface ImageVariant {
  width: number;
  height: number;
  data: Buffer;
}

export interface ProcessedImage {
  /** Size of the largest variant, i.e. the photo as stored and shown (oriented and aspect-clamped). */
  width: number;
  height: number;
  /** JPEGs, largest first, all with the same aspect ratio and no metadata at all. */
  variants: ImageVariant[];
  /** A ThumbHash (base64) the clients paint as a blurred placeholder while the photo loads. */
  thumbhash: string;
  mime: 'image/jpeg';
}

interface RawImage extends Size {
  data: Buffer;
  channels: 1 | 2 | 3 | 4;
}

// 'error' refuses truncated or corrupt pixel data but lets through the harmless warnings that many
// phone and camera JPEGs raise (extraneous bytes, odd markers).
const DECODE_OPTIONS = { limitInputPixels: MAX_PIXELS, failOn: 'error' } as const;
const JPEG_OPTIONS = { quality: 80, mozjpeg: true, progressive: true } as const;

/**
 * Turns an uploaded photo into the feed variants: orientation applied, every piece of metadata
 * (EXIF with its GPS position, XMP, IPTC) dropped, colours converted to sRGB, aspect ratio clamped
 * to the feed's bounds.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const region = clampAspect(await readHeader(input));
  const widths = variantSizes(region.width, IMAGE_VARIANT_WIDTHS);
  const largest = { width: widths[0]!, height: Math.max(1, Math.round((widths[0]! * region.height) / region.width)) };
  return finish(await decode(input, largest), widths);
}

/**
 * The whole frame of a photo whose feed variants `processImage` cut (taller than 4:5 or wider than
 * 1.91:1), fitted inside `box`, as one JPEG without metadata; null when the variants show it all.
 * Stories keep a 9:16 photo whole, so an upload stores this beside its variants.
 */
export async function processFrame(input: Buffer, box: Size): Promise<ImageVariant | null> {
  const size = await readHeader(input);
  const region = clampAspect(size);
  if (region.width === size.width && region.height === size.height) return null;
  const scale = Math.min(1, box.width / size.width, box.height / size.height);
  const target = { width: Math.max(1, Math.round(size.width * scale)), height: Math.max(1, Math.round(size.height * scale)) };
  const raw = await decode(input, target);
  return encodeVariant(raw, raw.width);
}

/**
 * Variants and a thumbhash of pixels made here (a composed story frame): 8-bit sRGB, `channels`
 * per pixel; the JPEGs, largest first, are `widths` wide with the pixels' aspect.
 */
export async function imageFromPixels(pixels: { data: Buffer; width: number; height: number; channels: 3 | 4 }, widths: readonly number[]): Promise<ProcessedImage> {
  return finish(pixels, variantSizes(pixels.width, widths));
}

/** A profile picture: the centred square, at 320 and 150 px (or smaller when the photo is). */
export async function processAvatar(input: Buffer): Promise<ProcessedImage> {
  const { width, height } = await readHeader(input);
  const sizes = variantSizes(Math.min(width, height), AVATAR_SIZES);
  return finish(await decode(input, { width: sizes[0]!, height: sizes[0]! }), sizes);
}

/**
 * Checks what can be checked without decoding a pixel: the byte size, the format and the pixel
 * count the header claims. A decompression bomb (a few hundred KB of PNG that says 8000×7000) is
 * refused here, before libvips allocates anything.
 */
async function readHeader(input: Buffer): Promise<Size> {
  if (input.length > MAX_PHOTO_BYTES) {
    throw new MediaError('too_large', `This photo is larger than ${megabytes(MAX_PHOTO_BYTES)}.`);
  }
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (err) {
    throw decodeFailure(err);
  }
  if (!SHARP_IMAGE_FORMATS.has(meta.format) || (meta.format === 'heif' && !canDecodeHeif(meta.compression))) {
    throw new MediaError('unsupported');
  }
  if (!meta.width || !meta.height) throw new MediaError('corrupt');
  if (meta.width * meta.height > MAX_PIXELS) throw new MediaError('too_many_pixels');
  return meta.autoOrient;
}

/** One decode per upload: oriented, centre-cropped and scaled to the largest variant, as 8-bit sRGB. */
async function decode(input: Buffer, target: Size): Promise<RawImage> {
  try {
    const { data, info } = await sharp(input, DECODE_OPTIONS)
      .rotate()
      .resize(target.width, target.height, { fit: 'cover', position: 'centre' })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, channels: info.channels };
  } catch (err) {
    throw decodeFailure(err);
  }
}

async function finish(raw: RawImage, widths: number[]): Promise<ProcessedImage> {
  const [variants, thumbhash] = await Promise.all([Promise.all(widths.map((w) => encodeVariant(raw, w))), thumbhashOf(raw)]);
  return { width: raw.width, height: raw.height, variants, thumbhash, mime: 'image/jpeg' };
}

// The source is raw pixels, so the JPEG carries no metadata: nothing to strip, nothing to forget.
async function encodeVariant(raw: RawImage, width: number): Promise<ImageVariant> {
  const height = Math.max(1, Math.round((width * raw.height) / raw.width));
  const data = await fromRaw(raw).resize(width, height, { fit: 'fill' }).jpeg(JPEG_OPTIONS).toBuffer();
  return { width, height, data };
}

async function thumbhashOf(raw: RawImage): Promise<string> {
  // ThumbHash takes at most 100×100 RGBA.
  const { data, info } = await fromRaw(raw)
    .resize(100, 100, { fit: 'inside', withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString('base64');
}

const fromRaw = (raw: RawImage) => sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: raw.channels } });

function decodeFailure(err: unknown): MediaError {
  const message = err instanceof Error ? err.message : String(err);
  if (message.includes('unsupported image format')) return new MediaError('unsupported', undefined, { cause: err });
  if (message.includes('pixel limit')) return new MediaError('too_many_pixels', undefined, { cause: err });
  return new MediaError('corrupt', undefined, { cause: err });
}
