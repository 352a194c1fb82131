export { detectMedia, type DetectedMedia } from './detect.js';
export { imageFromPixels, processAvatar, processFrame, processImage, type ImageVariant, type ProcessedImage } from './image.js';
export {
  AVATAR_SIZES,
  IMAGE_VARIANT_WIDTHS,
  MAX_ASPECT,
  MAX_PHOTO_BYTES,
  MAX_PIXELS,
  MAX_VIDEO_BYTES,
  MAX_VIDEO_SECONDS,
  MAX_VIDEO_SIDE,
  MIN_ASPECT,
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
  type TranscodeOptions,
  type TranscodedVideo,
  type VideoInfo,
  type VideoStreams,
} from './video.js';
