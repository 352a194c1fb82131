import type { FastifyRequest } from 'fastify';
import type { ReportingFlags, SharedData, TermsPending } from '@shutter/contract';
import { presentViewer } from '../presenters.js';
import type { Storage } from '../storage.js';

export interface SharedDataOptions {
  storage: Storage;
  gdprRequired: boolean;
  tosVersion: string;
  /** Whether direct messages are offered, and in their desktop layout. */
  direct: { enabled: boolean; desktop: boolean };
  /** Sign-in with the operator's OpenID Connect provider, when on: its name for the button. */
  oidc?: { name?: string };
  /** Logged-out pages try the browser's saved password (spec 002 §4). */
  credentialAutoLogin?: boolean;
  /** What the logged-in viewer's terms ask of them first (the terms area knows). */
  termsPending?: (request: FastifyRequest) => TermsPending;
  /** Which things may be reported (REPORTING_* switches). */
  reporting?: ReportingFlags;
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
      oidc: options.oidc ? { name: options.oidc.name ?? null } : null,
      credential_auto_login: options.credentialAutoLogin ?? true,
      terms_pending: user ? options.termsPending?.(request) ?? null : null,
      ...(options.reporting ? { reporting: options.reporting } : {}),
      ...(user ? { role: user.role ?? 'member' } : {}),
      status: 'ok',
    };
  };
}
export type SharedDataOf = ReturnType<typeof createSharedData>;
