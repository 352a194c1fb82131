import { useMemo } from 'react';
import type { SharedData } from '@shutter/contract';
import { useSession } from '../../state/session';

/** Direct's feature flags in the shared data (R-002-direct-2, R-002-direct-4); both on when not told. */
export interface DirectFlags {
  enabled: boolean;
  desktop: boolean;
}

export function directFlags(sharedData: SharedData): DirectFlags {
  const direct = (sharedData as { direct?: unknown }).direct;
  if (!direct || typeof direct !== 'object') return { enabled: true, desktop: true };
  const { enabled, desktop } = direct as Record<string, unknown>;
  return { enabled: enabled !== false, desktop: desktop !== false };
}

export function useDirectFlags(): DirectFlags {
  const { sharedData } = useSession();
  return useMemo(() => directFlags(sharedData), [sharedData]);
}
