import { useQuery } from '@tanstack/react-query';
import { TERMS_ACCEPT_PATH, TERMS_DECLINE_PATH, TERMS_INFO_PATH, type TermsConsent } from '@shutter/contract';
import { apiGet, apiPost } from '../../lib/api';

export const termsInfoKey = ['terms-info'] as const;

/** The terms in force and where the viewer stands with them. */
export function useTermsInfo() {
  return useQuery({ queryKey: termsInfoKey, queryFn: () => apiGet(TERMS_INFO_PATH, { result: (r) => r.termsInfo }), staleTime: 0 });
}

/** "Agree" to the version read; where consent is required, the choices ticked (comma-separated in the form). */
export const acceptTerms = (tosVersion: string, consents: TermsConsent[] | null) =>
  apiPost(TERMS_ACCEPT_PATH, { tos_version: tosVersion, consents: consents ? consents.join(',') : null }, { result: (r) => r.ok });

/** "Not now": the account is blocked until it agrees. */
export const declineTerms = () => apiPost(TERMS_DECLINE_PATH, {}, { result: (r) => r.ok });
