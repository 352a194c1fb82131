import zlib from 'node:zlib';
import sharp from 'sharp';
import { thumbHashToApproximateAspectRatio, thumbHashToRGBA } from 'thumbhash';
import { describe, expect, it } from 'vitest';
import { processAvatar, processFrame, processImage, type ProcessedImage } from './image.js';
import { IMAGE_VARIANT_WIDTHS, MAX_PHOTO_BYTES } from './limits.js';
import { MediaError } from './media-error.js';
import { exifHasGps, noisyPhoto, twoTonePhoto } from './test-fixtures.js';

async function refusal(promise: Promise<unknown>): Promise<MediaError> {
  const err = await promise.then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(MediaError);
  return err as MediaError;
}

const widths = (result: ProcessedImage) => result.variants.map((v) => v.width);

/** Rewrites a PNG's IHDR to claim another size: a header that lies, with almost no data behind it. */
function pngClaiming(png: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(png);
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(zlib.crc32(out.subarray(12, 29)), 29);
  return out;
}

describe('processImage', () => {
  it('strips EXIF (GPS included), XMP and the ICC profile from every variant', async () => {
    const input = await sharp(await noisyPhoto(1200, 900))
      .withExif({
        IFD0: { Make: 'Shutter', Model: 'Test Camera' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2964/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 17/1 4000/100' },
      })
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>')
      .withIccProfile('p3')
      .jpeg()
      .toBuffer();
    const before = await sharp(input).metadata();
    expect(exifHasGps(before.exif!)).toBe(true);
    expect(before.xmp).toBeDefined();
    expect(before.icc).toBeDefined();

    const result = await processImage(input);
    expect(result.variants).toHaveLength(IMAGE_VARIANT_WIDTHS.length);
    for (const variant of result.variants) {
      const meta = await sharp(variant.data).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(variant.data.includes('Shutter')).toBe(false);
    }
  });

  it('applies the EXIF orientation: an orientation-6 photo comes out turned upright', async () => {
    // Stored 500×450 with red on top; orientation 6 means "turn 90° clockwise to view", so red goes right.
    const input = await (await twoTonePhoto(500, 450)).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(input).metadata()).orientation).toBe(6);

    const result = await processImage(input);
    expect([result.width, result.height]).toEqual([450, 500]);
    const largest = result.variants[0]!;
    expect([largest.width, largest.height]).toEqual([450, 500]);
    const meta = await sharp(largest.data).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([450, 500, undefined]);
    const { data } = await sharp(largest.data).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * 450 + x) * 3, (y * 450 + x) * 3 + 3)];
    const [leftR, , leftB] = pixel(50, 250);
    const [rightR, , rightB] = pixel(400, 250);
    expect(leftB).toBeGreaterThan(200);
    expect(leftR).toBeLessThan(60);
    expect(rightR).toBeGreaterThan(200);
    expect(rightB).toBeLessThan(60);
  });

  it('makes progressive JPEG variants at the standard widths, largest first, same aspect', async () => {
    const result = await processImage(await noisyPhoto(2000, 1500));
    expect(result.mime).toBe('image/jpeg');
    expect([result.width, result.height]).toEqual([1080, 810]);
    expect(widths(result)).toEqual([1080, 750, 640, 480, 320, 240, 150]);
    for (const variant of result.variants) {
      expect(variant.height).toBe(Math.round((variant.width * 3) / 4));
      const meta = await sharp(variant.data).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: variant.width, height: variant.height, isProgressive: true });
    }
  });

  it('never upscales: a small photo keeps its own width as the largest variant', async () => {
    expect(widths(await processImage(await noisyPhoto(900, 900)))).toEqual([900, 750, 640, 480, 320, 240, 150]);
    expect(widths(await processImage(await noisyPhoto(500, 400)))).toEqual([500, 480, 320, 240, 150]);
    const tiny = await processImage(await noisyPhoto(100, 80));
    expect(tiny.variants.map((v) => [v.width, v.height])).toEqual([[100, 80]]);
  });

  it('centre-crops a panorama to 1.91:1 and a tall photo to 4:5', async () => {
    const wide = await processImage(await noisyPhoto(1000, 200));
    expect([wide.width, wide.height]).toEqual([382, 200]);
    const tall = await processImage(await noisyPhoto(600, 1500));
    expect([tall.width, tall.height]).toEqual([600, 750]);
    expect(tall.variants.every((v) => Math.abs(v.width / v.height - 0.8) < 0.02)).toBe(true);
  });

  it('takes PNG with transparency (on white), WebP, GIF (first frame) and AVIF', async () => {
    const clear = await sharp({ create: { width: 300, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    const flattened = await processImage(clear);
    const { data } = await sharp(flattened.variants[0]!.data).raw().toBuffer({ resolveWithObject: true });
    expect(Math.min(...data.subarray(0, 30))).toBeGreaterThan(245);

    const base = sharp({ create: { width: 320, height: 240, channels: 3, background: '#884422' } });
    for (const input of [await base.clone().webp().toBuffer(), await base.clone().gif().toBuffer(), await base.clone().avif({ effort: 0 }).toBuffer()]) {
      expect(widths(await processImage(input))).toEqual([320, 240, 150]);
    }
  });

  it('gives a thumbhash that decodes to a small picture of the same shape', async () => {
    const result = await processImage(await noisyPhoto(1200, 900));
    const hash = Buffer.from(result.thumbhash, 'base64');
    expect(hash.length).toBeGreaterThan(5);
    expect(hash.length).toBeLessThan(40);
    const decoded = thumbHashToRGBA(hash);
    expect(decoded.w).toBeGreaterThan(0);
    expect(decoded.h).toBeGreaterThan(0);
    expect(decoded.rgba.length).toBe(decoded.w * decoded.h * 4);
    expect(thumbHashToApproximateAspectRatio(hash)).toBeCloseTo(4 / 3, 0);
  });

  it('refuses a decompression bomb from its header, without decoding it', async () => {
    // A real 8000×7000 PNG (56 MP) of one colour: ~170 KB on disk, 168 MB once decoded.
    const bomb = await sharp({ create: { width: 8000, height: 7000, channels: 3, background: '#808080' } }).png().toBuffer();
    // And a 10×10 PNG whose header merely claims 20000×20000.
    const liar = pngClaiming(await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).png().toBuffer(), 20_000, 20_000);
    for (const input of [bomb, liar]) {
      const started = performance.now();
      const err = await refusal(processImage(input));
      expect(performance.now() - started).toBeLessThan(250);
      expect(err.code).toBe('too_many_pixels');
      expect(err.statusCode).toBe(400);
      expect(err.message).toBe('This photo has more than 50 megapixels.');
      expect((await refusal(processAvatar(input))).code).toBe('too_many_pixels');
    }
  });

  it('refuses a truncated JPEG as damaged', async () => {
    const photo = await noisyPhoto(800, 600);
    const err = await refusal(processImage(photo.subarray(0, Math.floor(photo.length * 0.6))));
    expect(err.code).toBe('corrupt');
    expect(err.statusCode).toBe(400);
    expect(err.message).toBe('This file is damaged or incomplete.');
  });

  it('refuses more than 30 MB before looking inside, with a 413', async () => {
    const started = performance.now();
    const err = await refusal(processImage(Buffer.alloc(MAX_PHOTO_BYTES + 1)));
    expect(performance.now() - started).toBeLessThan(100);
    expect(err.code).toBe('too_large');
    expect(err.statusCode).toBe(413);
    expect(err.message).toBe('This photo is larger than 30 MB.');
    expect(err.extra).toEqual({ code: 'too_large' });
  });

  it('refuses what is not a photo it takes, even when sharp could read it (SVG, TIFF)', async () => {
    expect((await refusal(processImage(Buffer.from('hello')))).code).toBe('unsupported');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100"/></svg>');
    expect((await refusal(processImage(svg))).code).toBe('unsupported');
    const tiff = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#000' } }).tiff().toBuffer();
    expect((await refusal(processImage(tiff))).code).toBe('unsupported');
  });
});

describe('processAvatar', () => {
  it('crops the centred square at 320 and 150 px, oriented and without metadata', async () => {
    const input = await sharp(await noisyPhoto(800, 600)).withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2964/100' } }).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const result = await processAvatar(input);
    expect(result.variants.map((v) => [v.width, v.height])).toEqual([[320, 320], [150, 150]]);
    for (const variant of result.variants) expect((await sharp(variant.data).metadata()).exif).toBeUndefined();
  });

  it('keeps a small picture at its own size', async () => {
    const result = await processAvatar(await noisyPhoto(200, 120));
    expect(result.variants.map((v) => [v.width, v.height])).toEqual([[120, 120]]);
  });
});

describe('processFrame', () => {
  const box = { width: 1080, height: 1920 };

  it('keeps the whole frame of a photo the feed cuts, fitted inside the box and without metadata', async () => {
    const tall = await sharp(await noisyPhoto(1500, 2667)).withExif({ IFD0: { Make: 'TestCam' } }).jpeg().toBuffer();
    const frame = await processFrame(tall, box);
    expect(frame).toMatchObject({ width: 1080, height: 1920 });
    const meta = await sharp(frame!.data).metadata();
    expect(meta.exif).toBeUndefined();
    const wide = await processFrame(await noisyPhoto(1000, 300), box);
    expect(wide).toMatchObject({ width: 1000, height: 300 });
  });

  it('is nothing when the feed shows the photo whole', async () => {
    expect(await processFrame(await noisyPhoto(800, 1000), box)).toBeNull();
    expect(await processFrame(await noisyPhoto(1200, 800), box)).toBeNull();
  });
});
