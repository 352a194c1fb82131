/** Spec 002 §6 "OAuth-style login result": how a return from the provider is taken. */
export type OauthLoginResult = 'canceled' | 'failure' | 'success';

/** What the provider answered: an error on the way back, or the token endpoint's answer with its scopes. */
export interface OauthAnswer {
  error?: string;
  /** `error_reason`, as providers that tell a person's "no" from other refusals send it. */
  errorReason?: string;
  accessToken?: string;
  grantedScopes?: readonly string[];
  deniedScopes?: readonly string[];
}

/** The scopes the service asks for; without the first two it knows neither who the person is nor where to write. */
export const OIDC_SCOPES = ['openid', 'email', 'profile'] as const;
const REQUIRED_SCOPES: readonly string[] = ['openid', 'email'];

/**
 * R-002-prompts-13: `access_denied` with reason `user_denied` is the person saying no: canceled;
 * `access_denied` with no reason, or any other error, is a failure. R-002-prompts-14: a success
 * has an access token, the granted scopes and the denied scopes, and none it needs among the denied.
 */
export function oauthLoginResult(answer: OauthAnswer): OauthLoginResult {
  if (answer.error !== undefined) return answer.error === 'access_denied' && answer.errorReason === 'user_denied' ? 'canceled' : 'failure';
  const { accessToken, grantedScopes, deniedScopes } = answer;
  if (!accessToken || !grantedScopes || !deniedScopes) return 'failure';
  if (REQUIRED_SCOPES.some((scope) => deniedScopes.includes(scope) || !grantedScopes.includes(scope))) return 'failure';
  return 'success';
}

/**
 * The granted and denied scopes of a token answer. RFC 6749 §5.1: a provider that grants exactly
 * what was asked may leave `scope` out.
 */
export function scopesOf(requested: readonly string[], tokenScope: string | undefined): { grantedScopes: string[]; deniedScopes: string[] } {
  const grantedScopes = tokenScope === undefined ? [...requested] : tokenScope.split(' ').filter(Boolean);
  return { grantedScopes, deniedScopes: requested.filter((scope) => !grantedScopes.includes(scope)) };
}
