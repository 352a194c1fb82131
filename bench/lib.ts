import sharp from 'sharp';

/** `--name value` flags with numeric or string defaults. */
export function flag(name: string, fallback: number): number;
export function flag(name: string, fallback: string): string;
export function flag(name: string, fallback: number | string): number | string {
  const i = process.argv.indexOf(`--${name}`);
  const raw = i >= 0 ? process.argv[i + 1] : undefined;
  if (raw === undefined) return fallback;
  return typeof fallback === 'number' ? Number(raw) : raw;
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

export const fmt = (n: number, digits = 1) => n.toFixed(digits);

/** Wall time of an async step, printed so the seeder's log shows where the minutes go. */
export async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const out = await fn();
  console.log(`  ${label.padEnd(44)} ${fmt((performance.now() - t0) / 1000, 1).padStart(7)} s`);
  return out;
}

/** Deterministic PRNG (mulberry32) so a seed or photo set is the same on every run. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A camera-like JPEG: smooth colour fields (a tiny random image upscaled) under gaussian grain, so
 * it compresses like a photo rather than like flat colour or pure noise. With `orientation` the
 * EXIF says the pixels must be rotated, like a phone held upright, and a GPS-less EXIF block rides along.
 */
export async function syntheticPhoto(seed: number, width: number, height: number, orientation = 1): Promise<Buffer> {
  const rand = rng(seed);
  const small = Buffer.alloc(16 * 12 * 3);
  for (let i = 0; i < small.length; i++) small[i] = Math.floor(rand() * 256);
  const base = await sharp(small, { raw: { width: 16, height: 12, channels: 3 } })
    .resize(width, height, { kernel: 'cubic', fit: 'fill' })
    .raw()
    .toBuffer();
  const grain = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 18 } } }).png().toBuffer();
  return sharp(base, { raw: { width, height, channels: 3 } })
    .composite([{ input: grain, blend: 'soft-light' }])
    .withMetadata({ orientation })
    .withExifMerge({ IFD0: { Make: 'BenchCam', Model: 'Synthetic 12MP' } })
    .jpeg({ quality: 90 })
    .toBuffer();
}
