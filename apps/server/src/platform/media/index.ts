export { detectMedia } from './detect.js';
export { imageFromPixels, processAvatar, processFrame, processImage, type ProcessedImage } from './image.js';
export {
  IMAGE_VARIANT_WIDTHS,
  MAX_PHOTO_BYTES,
  MAX_PIXELS,
  MAX_VIDEO_BYTES,
  MAX_VIDEO_SECONDS,
} from './limits.js';
export { MediaError, type MediaErrorCode } from './media-error.js';
export {
  checkVideoLimits,
  checkVideoSource,
  encodeTimeoutMs,
  framePixels,
  probeStreams,
  probeVideo,
  transcodeVideo,
  verifyFaststart,
} from './video.js';
