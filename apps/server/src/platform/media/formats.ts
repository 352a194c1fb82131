import sharp from 'sharp';

/** Photo types we take; a GIF is kept as its first frame. HEIF-family types depend on the decoder, below. */
export const IMAGE_MIMES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);
export const HEIF_MIMES = new Set(['image/heic', 'image/heif', 'image/avif']);
export const VIDEO_MIMES = new Set(['video/mp4', 'video/quicktime', 'video/webm', 'video/x-m4v']);

/** The sharp formats (metadata().format) processImage decodes; svg, tiff, raw and pdf stay out. */
export const SHARP_IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);

/**
 * Whether this sharp build decodes a HEIF image of the given compression. sharp's prebuilt libvips
 * reads AVIF (AV1) but not HEIC (HEVC, patent-encumbered); libvips lists a suffix only when libheif
 * has a decoder for it, so a system libvips with libde265 starts taking iPhone photos unchanged.
 */
export function canDecodeHeif(compression: string | undefined): boolean {
  const suffixes = sharp.format.heif.input.fileSuffix ?? [];
  if (compression === 'av1') return suffixes.includes('.avif');
  if (compression === 'hevc') return suffixes.includes('.heic');
  return false;
}
