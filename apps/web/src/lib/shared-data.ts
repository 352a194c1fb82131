import type { SharedData } from '@shutter/contract';
import { apiGet } from './api';
import { withRetry } from './retry';
import { SHARED_DATA_URL } from './shared-data-embedded';

export function fetchSharedData(): Promise<SharedData> {
  return withRetry(() => apiGet<SharedData>(SHARED_DATA_URL));
}
