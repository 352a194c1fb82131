// The srcset helpers live in the contract: the server's preload of the feed's first photo uses them too.
export { bestSource, srcSetOf, usableResources } from '@shutter/contract';

/** Decodes a base64 thumbhash into bytes (thumbHashToDataURL wants a Uint8Array). */
export function thumbhashBytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
