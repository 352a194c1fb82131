import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { canDecodeHeif, HEIF_MIMES, IMAGE_MIMES, VIDEO_MIMES } from './formats.js';
import { MediaError } from './media-error.js';

export interface DetectedMedia {
  kind: 'image' | 'video';
  mime: string;
}

/**
 * What an upload really is, from its magic bytes: the file name and the client's Content-Type are
 * the sender's claims and are never trusted. Reads only the first few KB (plus, for HEIF, the
 * header sharp needs to name the codec).
 */
export async function detectMedia(buf: Buffer): Promise<DetectedMedia> {
  const type = await fileTypeFromBuffer(buf);
  if (type) {
    if (IMAGE_MIMES.has(type.mime)) return { kind: 'image', mime: type.mime };
    if (VIDEO_MIMES.has(type.mime)) return { kind: 'video', mime: type.mime };
    if (HEIF_MIMES.has(type.mime) && (await heifDecodable(buf))) return { kind: 'image', mime: type.mime };
  }
  throw new MediaError('unsupported');
}

async function heifDecodable(buf: Buffer): Promise<boolean> {
  try {
    const { compression } = await sharp(buf).metadata();
    return canDecodeHeif(compression);
  } catch {
    return false;
  }
}
