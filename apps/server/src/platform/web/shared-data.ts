import type { FastifyRequest } from 'fastify';
import type { SharedData } from '@shutter/contract';
import { presentViewer } from '../presenters.js';
import type { Storage } from '../storage.js';

export interface SharedDataOptions {
  storage: Storage;
  gdprRequired: boolean;
  tosVersion: string;
  /** Whether direct messages are offered, and in their desktop layout. */
  direct: { enabled: boolean; desktop: boolean };
}

/** What every page starts from without a round trip: the viewer and the csrf token. */
export function createSharedData(options: SharedDataOptions) {
  return (request: FastifyRequest): SharedData => {
    const user = request.session?.user;
    return {
      config: { viewer: user ? presentViewer(user, options.storage) : null, csrf_token: request.csrfToken },
      gdpr_required: options.gdprRequired,
      tos_version: options.tosVersion,
      language_code: 'en',
      direct: options.direct,
      status: 'ok',
    };
  };
}
export type SharedDataOf = ReturnType<typeof createSharedData>;
