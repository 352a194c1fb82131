import { createRequire } from 'node:module';
import { hash, verify } from '@node-rs/argon2';

const require = createRequire(import.meta.url);
// Mozilla's list of the 10,000 most common passwords (from a 10 million password corpus).
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

// Mozilla's list leaves out passwords shorter than 8 characters; these are the most used of them.
const COMMON_SHORT = new Set([
  '123456', '1234567', '654321', '111111', '123123', '000000', '121212', '112233', '666666', '123321',
  '696969', '159753', 'qwerty', 'qwertz', 'azerty', 'abc123', 'abcdef', 'letmein', 'monkey', 'dragon',
  'secret', 'shadow', 'master', 'iloveu', 'lovely', 'flower', 'hello1', 'passw0', 'pass12', 'qazwsx',
  'asdfgh', 'zxcvbn', 'michael', 'charlie', 'jordan', 'hunter', 'soccer', 'banana', 'killer', 'trustno1',
]);

/** True for passwords a guesser tries first: a known list, one repeated character, or a run of the keyboard's digits. */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON_SHORT.has(lower) || commonList.test(password) || commonList.test(lower)) return true;
  if (/^(.)\1*$/.test(password)) return true;
  return '01234567890'.includes(password) || '09876543210'.includes(password);
}
