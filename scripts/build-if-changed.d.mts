export const BUILD_INPUTS: string[];
export const STAMP_FILE: string;
export function fingerprint(root: string, inputs?: string[]): string;
export function builtFingerprint(dist: string): string | null;
export function writeFingerprint(dist: string, value: string): void;
