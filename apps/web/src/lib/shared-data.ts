import type { SharedData } from '@shutter/contract';
import { apiGet } from './api';
import { withRetry } from './retry';

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

export function fetchSharedData(): Promise<SharedData> {
  return withRetry(() => apiGet<SharedData>(SHARED_DATA_URL));
}
