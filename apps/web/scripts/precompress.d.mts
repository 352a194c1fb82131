export const COMPRESSIBLE: RegExp;
export const MIN_BYTES: number;
export interface PrecompressedSizes { file: string; raw: number; gzip: number; br: number }
export function precompress(dir: string): PrecompressedSizes[];
