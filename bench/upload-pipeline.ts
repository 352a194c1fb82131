/**
 * Time per photo of the upload pipeline (processImage: header check, one oriented decode, 7 JPEG
 * variants, ThumbHash, no metadata) against the least a server could do with the same file: a bare
 * `sharp(buf).resize(1080).jpeg().toBuffer()`. The two alternate photo by photo, so background load
 * falls on both; the ratio is what to read.
 *
 *   node --import tsx bench/upload-pipeline.ts [--photos 4] [--runs 5]
 */
import sharp from 'sharp';
import { processImage } from '../apps/server/src/platform/media/index.js';
import { flag, fmt, median, syntheticPhoto } from './lib.js';

const PHOTOS = flag('photos', 4);
const RUNS = flag('runs', 5);

// 12 MP camera files: landscape and portrait, half of them stored sideways with EXIF orientation 6.
const photos: Buffer[] = [];
for (let i = 0; i < PHOTOS; i++) {
  const [w, h] = i % 2 ? [3000, 4000] : [4000, 3000];
  photos.push(await syntheticPhoto(500 + i, w, h, i % 4 < 2 ? 1 : 6));
}
const mb = photos.reduce((s, p) => s + p.length, 0) / photos.length / 1e6;
console.log(`upload-pipeline: ${PHOTOS} photos of 12 MP (${fmt(mb, 1)} MB JPEG on average), ${RUNS} runs, sharp concurrency ${sharp.concurrency()}`);

const contestants = {
  pipeline: (buf: Buffer) => processImage(buf),
  bare: (buf: Buffer) => sharp(buf).resize(1080).jpeg().toBuffer(),
};
type Name = keyof typeof contestants;

async function time(name: Name, buf: Buffer): Promise<number> {
  const t0 = performance.now();
  await contestants[name](buf);
  return performance.now() - t0;
}

await time('pipeline', photos[0]!); // warm-up: libvips loads its codecs on first use
await time('bare', photos[0]!);

const ms: Record<Name, number[]> = { pipeline: [], bare: [] };
const ratios: number[] = [];
for (let r = 0; r < RUNS; r++) {
  for (const [i, photo] of photos.entries()) {
    // Swap who goes first every other time, so neither always inherits a warm (or cold) cache.
    const order: Name[] = (r + i) % 2 ? ['bare', 'pipeline'] : ['pipeline', 'bare'];
    const t: Partial<Record<Name, number>> = {};
    for (const name of order) t[name] = await time(name, photo);
    ms.pipeline.push(t.pipeline!);
    ms.bare.push(t.bare!);
    ratios.push(t.pipeline! / t.bare!);
  }
  console.log(`  run ${r + 1}: pipeline ${fmt(median(ms.pipeline.slice(-PHOTOS)), 0)} ms/photo, bare ${fmt(median(ms.bare.slice(-PHOTOS)), 0)} ms/photo`);
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
console.log(`\nper photo (n=${ratios.length}): pipeline median ${fmt(median(ms.pipeline), 0)} ms (p90 ${fmt(pct(ms.pipeline, 0.9), 0)}), bare median ${fmt(median(ms.bare), 0)} ms (p90 ${fmt(pct(ms.bare, 0.9), 0)})`);
console.log(`pipeline/bare ratio: median x${fmt(median(ratios), 2)} (min x${fmt(Math.min(...ratios), 2)}, max x${fmt(Math.max(...ratios), 2)})`);
