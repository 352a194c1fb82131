import type { SharedData } from '@shutter/contract';

// What the page carries for the client's first render, read without the API client: the landing
// page's script before the app (landing-boot.ts) reads it too.

export const SHARED_DATA_URL = '/data/shared_data/';

function isSharedData(value: unknown): value is SharedData {
  const v = value as SharedData | null;
  return !!v && typeof v === 'object' && !!v.config && typeof v.config === 'object';
}

/** The bootstrap JSON the server embeds in the page; null when absent (Vite dev) or malformed. */
export function readEmbeddedSharedData(doc: Document = document): SharedData | null {
  const node = doc.getElementById('shared-data');
  if (!node?.textContent) return null;
  try {
    const parsed: unknown = JSON.parse(node.textContent);
    return isSharedData(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** JSON a page embeds for its first render (apps/server/src/platform/web/html.ts), read once. */
export function takeEmbeddedJson(id: string, doc: Document = document): unknown {
  const node = doc.getElementById(id);
  if (!node?.textContent) return null;
  node.remove();
  try {
    return JSON.parse(node.textContent) as unknown;
  } catch {
    return null;
  }
}
