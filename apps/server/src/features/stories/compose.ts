import sharp, { type Sharp } from 'sharp';
import { STORY_HEIGHT, STORY_IMAGE_WIDTHS, STORY_WIDTH } from '@shutter/contract';
import { imageFromPixels, MAX_PIXELS, type ProcessedImage } from '../../platform/media/index.js';

/** A photo this close to 9:16 (its aspect within this fraction of it) fills the frame, cropped; any other sits whole over a blurred fill. */
const NEARLY_STORY_ASPECT = 0.1;
const FILL_BLUR_SIGMA = 40;
const FILL_BRIGHTNESS = 0.55;

/**
 * A story's image: 1080x1920, the photo contained over a blurred, darkened cover-fill of itself
 * (or cropped to fill when it is nearly 9:16 already), in STORY_IMAGE_WIDTHS with a thumbhash.
 * `source` is a JPEG the service made (an upload's variant or frame, a video's poster).
 */
export async function composeStory(source: Buffer): Promise<ProcessedImage> {
  const input = () => sharp(source, { limitInputPixels: MAX_PIXELS }).rotate();
  const meta = await input().metadata();
  const width = meta.autoOrient?.width ?? meta.width ?? STORY_WIDTH;
  const height = meta.autoOrient?.height ?? meta.height ?? STORY_HEIGHT;
  const target = STORY_WIDTH / STORY_HEIGHT;
  const frame = { width: STORY_WIDTH, height: STORY_HEIGHT };

  let composed: Sharp;
  if (Math.abs(width / height / target - 1) <= NEARLY_STORY_ASPECT) {
    composed = input().resize(frame.width, frame.height, { fit: 'cover', position: 'centre' });
  } else {
    const [fill, photo] = await Promise.all([
      input().resize(frame.width, frame.height, { fit: 'cover' }).blur(FILL_BLUR_SIGMA).modulate({ brightness: FILL_BRIGHTNESS }).removeAlpha().toBuffer(),
      input().resize(frame.width, frame.height, { fit: 'inside' }).removeAlpha().toBuffer(),
    ]);
    composed = sharp(fill).composite([{ input: photo, gravity: 'centre' }]);
  }
  const { data, info } = await composed.flatten({ background: '#000000' }).toColourspace('srgb').raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  return imageFromPixels({ data, width: info.width, height: info.height, channels: info.channels as 3 | 4 }, STORY_IMAGE_WIDTHS);
}
