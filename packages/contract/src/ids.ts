/** Ids are positive 64-bit signed integers (PostgreSQL bigint), written as decimal strings. */
export const MAX_ID = 9223372036854775807n;

/** True for the decimal string of an id; anything longer or larger than a bigint is not one. */
export function isId(value: string): boolean {
  return /^\d{1,19}$/.test(value) && BigInt(value) <= MAX_ID;
}
