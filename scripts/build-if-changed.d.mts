export const BUILD_INPUTS: string[];
export const STAMP_FILE: string;
export function fingerprint(root: string, inputs?: string[]): string;
export function builtFingerprint(dist: string): string | null;
export function writeFingerprint(dist: string, value: string): void;
export const BUILD_PROGRESS_EVERY_MS: number;
export function seconds(ms: number): string;
export function runQuietly(
  command: string,
  args: string[],
  options?: { cwd?: string; everyMs?: number; say?: (line: string) => void; what?: string },
): Promise<{ code: number; output: string }>;
