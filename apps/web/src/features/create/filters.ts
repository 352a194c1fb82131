/**
 * The looks offered on the filter step, as CSS filter functions at full strength. A strength s in
 * 0..1 moves each function from its identity value towards the full one, so 0 is the original.
 */
export interface FilterOps {
  brightness?: number;
  contrast?: number;
  saturate?: number;
  sepia?: number;
  grayscale?: number;
  /** Degrees. */
  hueRotate?: number;
}

export const FILTERS = {
  normal: {},
  clarendon: { contrast: 1.2, saturate: 1.35 },
  gingham: { brightness: 1.05, contrast: 0.9, hueRotate: -10, sepia: 0.04 },
  moon: { grayscale: 1, contrast: 1.1, brightness: 1.1 },
  lark: { brightness: 1.08, contrast: 0.9, saturate: 1.15 },
  reyes: { sepia: 0.22, brightness: 1.1, contrast: 0.85, saturate: 0.75 },
  juno: { contrast: 1.15, saturate: 1.4, sepia: 0.08, hueRotate: -6 },
  slumber: { saturate: 0.66, brightness: 1.05, sepia: 0.15 },
  aden: { hueRotate: -20, contrast: 0.9, saturate: 0.85, brightness: 1.2 },
  inkwell: { sepia: 0.3, contrast: 1.1, brightness: 1.1, grayscale: 1 },
} as const satisfies Record<string, FilterOps>;

export type FilterName = keyof typeof FILTERS;
export const FILTER_NAMES = Object.keys(FILTERS) as FilterName[];

export interface FilterChoice {
  name: FilterName;
  /** 0..1 */
  strength: number;
}

/** R-000-creation-3. */
export const DEFAULT_FILTER: FilterChoice = { name: 'normal', strength: 1 };

const IDENTITY: Required<FilterOps> = { brightness: 1, contrast: 1, saturate: 1, sepia: 0, grayscale: 0, hueRotate: 0 };
const ORDER = ['sepia', 'grayscale', 'hueRotate', 'saturate', 'brightness', 'contrast'] as const;
const CSS_NAME: Record<(typeof ORDER)[number], string> = {
  sepia: 'sepia',
  grayscale: 'grayscale',
  hueRotate: 'hue-rotate',
  saturate: 'saturate',
  brightness: 'brightness',
  contrast: 'contrast',
};

const round = (value: number) => Math.round(value * 1000) / 1000;

/** Each function's value at a strength: identity + (full - identity) × strength. */
export function filterValues(name: FilterName, strength: number): Partial<Required<FilterOps>> {
  const ops: FilterOps = FILTERS[name];
  const s = Math.min(1, Math.max(0, strength));
  const out: Partial<Required<FilterOps>> = {};
  for (const key of ORDER) {
    const full = ops[key];
    if (full === undefined) continue;
    out[key] = round(IDENTITY[key] + (full - IDENTITY[key]) * s);
  }
  return out;
}

/** The value for `ctx.filter` or the CSS `filter` property ('none' for the original). */
export function cssFilter(name: FilterName, strength: number): string {
  const values = filterValues(name, strength);
  const parts = ORDER.filter((key) => values[key] !== undefined).map((key) =>
    key === 'hueRotate' ? `hue-rotate(${values[key]}deg)` : `${CSS_NAME[key]}(${values[key]})`,
  );
  return parts.length ? parts.join(' ') : 'none';
}
