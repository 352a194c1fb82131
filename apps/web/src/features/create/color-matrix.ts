import { filterValues, type FilterName } from './filters';

/**
 * The same looks as 3×3 colour matrices plus an offset (the Filter Effects spec's definitions), for
 * browsers whose canvas has no `filter` property: the export then recolours the pixels itself. CSS
 * clips each function's result to 0..1 and this composes them first, so extremes differ slightly.
 */
export interface ColorTransform {
  m: number[]; // row-major 3×3
  b: number[]; // offset per channel, 0..1 scale
}

const IDENTITY: ColorTransform = { m: [1, 0, 0, 0, 1, 0, 0, 0, 1], b: [0, 0, 0] };

function compose(after: ColorTransform, before: ColorTransform): ColorTransform {
  const m = new Array<number>(9).fill(0);
  const b = [0, 0, 0];
  for (let r = 0; r < 3; r += 1) {
    for (let c = 0; c < 3; c += 1) {
      for (let k = 0; k < 3; k += 1) m[r * 3 + c]! += after.m[r * 3 + k]! * before.m[k * 3 + c]!;
    }
    b[r] = after.b[r]! + after.m[r * 3]! * before.b[0]! + after.m[r * 3 + 1]! * before.b[1]! + after.m[r * 3 + 2]! * before.b[2]!;
  }
  return { m, b };
}

const linear = (slope: number, intercept: number): ColorTransform => ({ m: [slope, 0, 0, 0, slope, 0, 0, 0, slope], b: [intercept, intercept, intercept] });

function saturate(s: number): ColorTransform {
  return {
    m: [0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s, 0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s, 0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s],
    b: [0, 0, 0],
  };
}

function sepia(amount: number): ColorTransform {
  const a = 1 - amount;
  return {
    m: [0.393 + 0.607 * a, 0.769 - 0.769 * a, 0.189 - 0.189 * a, 0.349 - 0.349 * a, 0.686 + 0.314 * a, 0.168 - 0.168 * a, 0.272 - 0.272 * a, 0.534 - 0.534 * a, 0.131 + 0.869 * a],
    b: [0, 0, 0],
  };
}

function hueRotate(degrees: number): ColorTransform {
  const r = (degrees * Math.PI) / 180;
  const c = Math.cos(r);
  const s = Math.sin(r);
  return {
    m: [
      0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928,
      0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.14, 0.072 - c * 0.072 - s * 0.283,
      0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072,
    ],
    b: [0, 0, 0],
  };
}

/** The filter's functions in the order cssFilter writes them, composed into one transform. */
export function colorTransform(name: FilterName, strength: number): ColorTransform {
  const v = filterValues(name, strength);
  let t = IDENTITY;
  if (v.sepia !== undefined) t = compose(sepia(v.sepia), t);
  if (v.grayscale !== undefined) t = compose(saturate(1 - v.grayscale), t);
  if (v.hueRotate !== undefined) t = compose(hueRotate(v.hueRotate), t);
  if (v.saturate !== undefined) t = compose(saturate(v.saturate), t);
  if (v.brightness !== undefined) t = compose(linear(v.brightness, 0), t);
  if (v.contrast !== undefined) t = compose(linear(v.contrast, 0.5 - 0.5 * v.contrast), t);
  return t;
}

/** Applies a transform to RGBA bytes in place (alpha untouched, channels clamped to 0..255). */
export function applyColorTransform(data: Uint8ClampedArray, { m, b }: ColorTransform): void {
  const [o0, o1, o2] = [b[0]! * 255, b[1]! * 255, b[2]! * 255];
  for (let i = 0; i < data.length; i += 4) {
    const r = data[i]!;
    const g = data[i + 1]!;
    const bl = data[i + 2]!;
    data[i] = m[0]! * r + m[1]! * g + m[2]! * bl + o0;
    data[i + 1] = m[3]! * r + m[4]! * g + m[5]! * bl + o1;
    data[i + 2] = m[6]! * r + m[7]! * g + m[8]! * bl + o2;
  }
}
