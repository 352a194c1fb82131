import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Storage } from '../platform/storage.js';

const PALETTES = [
  ['#f58529', '#dd2a7b'], ['#515bd4', '#8134af'], ['#00c6ff', '#0072ff'], ['#f7971e', '#ffd200'],
  ['#11998e', '#38ef7d'], ['#fc5c7d', '#6a82fb'], ['#ee0979', '#ff6a00'], ['#43cea2', '#185a9d'],
  ['#ff9a9e', '#fad0c4'], ['#a18cd1', '#fbc2eb'], ['#f6d365', '#fda085'], ['#30cfd0', '#330867'],
];

/** A deterministic abstract portrait for a name: a gradient, a head and shoulders, a few shapes. */
export function avatarSvg(seed: string): string {
  const h = createHash('sha256').update(seed).digest();
  const [a, b] = PALETTES[h[0]! % PALETTES.length]!;
  const skin = ['#f1c27d', '#e0ac69', '#c68642', '#8d5524', '#ffdbac', '#a1665e'][h[1]! % 6];
  const hair = ['#2c1b18', '#4a312c', '#b55239', '#d6b370', '#1c1c1c', '#71635a'][h[2]! % 6];
  const shirt = ['#ffffff', '#222222', '#3b5998', '#e63946', '#2a9d8f', '#f4a261'][h[3]! % 6];
  const angle = (h[4]! % 360);
  const dots = Array.from({ length: 4 }, (_, i) => {
    const x = 20 + (h[5 + i]! % 280);
    const y = 20 + (h[9 + i]! % 120);
    const r = 6 + (h[13 + i]! % 18);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#ffffff" opacity="0.18"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320" viewBox="0 0 320 320">
  <defs><linearGradient id="g" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
  <rect width="320" height="320" fill="url(#g)"/>${dots}
  <path d="M60 320c6-62 48-96 100-96s94 34 100 96z" fill="${shirt}"/>
  <rect x="140" y="180" width="40" height="50" rx="14" fill="${skin}"/>
  <ellipse cx="160" cy="140" rx="54" ry="62" fill="${skin}"/>
  <path d="M104 136c-2-48 26-76 58-76s58 26 54 76c-10-24-30-38-56-40-26 2-46 16-56 40z" fill="${hair}"/>
  <circle cx="140" cy="146" r="5" fill="#2b2b2b"/><circle cx="180" cy="146" r="5" fill="#2b2b2b"/>
  <path d="M144 172q16 12 32 0" stroke="#7a3b2e" stroke-width="4" fill="none" stroke-linecap="round"/>
</svg>`;
}

/** The two stored squares of a profile picture (150 and 320 px JPEG), from any image. */
export async function profilePictureVariants(input: Buffer): Promise<{ small: Buffer; large: Buffer }> {
  const base = sharp(input).rotate();
  const [small, large] = await Promise.all([
    base.clone().resize(150, 150, { fit: 'cover' }).jpeg({ quality: 85, mozjpeg: true }).toBuffer(),
    base.clone().resize(320, 320, { fit: 'cover' }).jpeg({ quality: 85, mozjpeg: true }).toBuffer(),
  ]);
  return { small, large };
}

/** Stores a generated portrait for the seed and returns its key (content-addressed, so re-runs share files). */
export async function storeGeneratedAvatar(storage: Storage, seed: string): Promise<string> {
  const svg = Buffer.from(avatarSvg(seed));
  const digest = createHash('sha256').update(svg).digest('hex').slice(0, 20);
  const key = `avatars/${digest.slice(0, 2)}/${digest}`;
  const { small, large } = await profilePictureVariants(svg);
  await Promise.all([storage.put(`${key}_150.jpg`, small), storage.put(`${key}_320.jpg`, large)]);
  return key;
}
