import * as oidc from 'openid-client';
import { EMAIL_MAX_LENGTH, FULL_NAME_MAX_LENGTH, OIDC_CALLBACK_PATH, safeNext, type OidcError } from '@shutter/contract';
import type { OidcConfig } from '../../config.js';
import { isUniqueViolation } from '../../platform/errors.js';
import type { Db } from '../../db/database.js';
import type { IdGenerator } from '../../platform/ids.js';
import { randomToken } from '../../platform/tokens.js';
import { createAccountsRepository, loginKey, type AccountsRepository } from '../accounts/repository.js';
import { createOidcRepository, type OidcRepository } from './oidc.repository.js';
import { OIDC_SCOPES, oauthLoginResult, scopesOf } from './oauth-result.js';
import type { ClientInfo } from './service.js';
import { usernameCandidates } from './signup-rules.js';
import type { TwoFactor } from './two-factor.js';

/**
 * The password hash of an account made through the provider: not an argon2 hash, so no password
 * ever verifies against it (verifyPassword answers false), and two-factor, which asks for the
 * password, is not offered to it. A password reset gives the account a real one.
 */
export const NO_PASSWORD_HASH = '!oidc';

/** What the login key (a signed cookie) keeps between the start and the return. */
export interface LoginKey {
  state: string;
  nonce: string;
  verifier: string;
  next: string;
}

interface Claims {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  name?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  preferred_username?: unknown;
  nickname?: unknown;
}

export type OidcOutcome = { userId: string; token: string } | { error: OidcError };

export interface OidcLoginDeps {
  config: OidcConfig;
  publicUrl: string;
  repo: OidcRepository;
  users: AccountsRepository;
  sessions: { create(userId: string, userAgent: string, ip: string): Promise<{ token: string }> };
  twoFactor: Pick<TwoFactor, 'challengeFor'>;
  /** A suspended account signs in no more by its provider than by its password. */
  suspension?: { refusal(userId: string): Promise<unknown> };
  nextId: IdGenerator;
  /**
   * Whether a return may make a new account. Not when the operator set a parental consent age:
   * signing up then needs a birthday, which the provider does not vouch for.
   */
  createAccounts: boolean;
  /** Told of each account made here whose email the provider did not verify (its confirmation goes out). */
  onSignup?: (user: { id: string; username: string; email: string }) => Promise<void>;
  /** Records what a new account agreed to (the terms in force), in the transaction that makes it. */
  onAccountCreated?: (userId: string, trx: Db) => Promise<void>;
  /** Told of each account made here once it committed (people search finds it at once). */
  onAccountMade?: (userId: string) => Promise<void>;
  log?: { warn(obj: object, msg: string): void };
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Sign-in with the operator's OpenID Connect provider: the authorization code flow with PKCE, state and nonce. */
export function createOidcLogin(deps: OidcLoginDeps) {
  const { config, repo, users } = deps;
  const redirectUri = `${deps.publicUrl}${OIDC_CALLBACK_PATH}`;
  let discovered: Promise<oidc.Configuration> | undefined;

  /** The provider's metadata, read once; a failed read is tried again by the next login. */
  function configuration(): Promise<oidc.Configuration> {
    const issuer = new URL(config.issuer);
    // Plain http only for a provider on this machine (config.ts refuses it elsewhere).
    const execute = issuer.protocol === 'http:' && LOCAL_HOSTS.has(issuer.hostname) ? [oidc.allowInsecureRequests] : [];
    discovered ??= oidc.discovery(issuer, config.clientId, config.clientSecret, undefined, { execute, timeout: 10 }).catch((err: unknown) => {
      discovered = undefined;
      throw err;
    });
    return discovered;
  }

  async function readClaims(provider: oidc.Configuration, tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>): Promise<Claims> {
    const idClaims = tokens.claims();
    if (!idClaims) throw new Error('the provider answered without an ID token');
    // Most providers put email and name in the userinfo answer rather than the ID token.
    if (!provider.serverMetadata().userinfo_endpoint) return idClaims as Claims;
    const info = await oidc.fetchUserInfo(provider, tokens.access_token, idClaims.sub);
    return { ...idClaims, ...info, sub: idClaims.sub } as Claims;
  }

  /** A new account for the person, tied to their subject; its username from their names, made unique. */
  async function create(issuer: string, claims: Claims, email: string, verified: boolean): Promise<string> {
    const fullName = (text(claims.name) || `${text(claims.given_name)} ${text(claims.family_name)}`.trim()).slice(0, FULL_NAME_MAX_LENGTH);
    const names = { username: text(claims.preferred_username) || text(claims.nickname), first_name: fullName, email };
    for (let attempt = 0; ; attempt++) {
      const candidates = usernameCandidates(names);
      const taken = await users.usernamesTaken(candidates);
      const username = candidates.find((c) => !taken.has(c.toLowerCase())) ?? `user${randomToken(6).replace(/[^A-Za-z0-9]/g, '').slice(0, 8).toLowerCase()}`;
      const id = deps.nextId();
      try {
        await repo.transaction(async (trx) => {
          await createAccountsRepository(trx).insertUser({
            id, username, email, full_name: fullName, password_hash: NO_PASSWORD_HASH, opt_into_one_tap: false,
            email_confirmed_at: verified ? new Date() : null,
          });
          await createOidcRepository(trx).link(issuer, claims.sub, id);
          await deps.onAccountCreated?.(id, trx);
        });
      } catch (err) {
        // Another return took the name (try the next one), or tied this subject first (use theirs).
        if (!isUniqueViolation(err) || attempt >= 2) throw err;
        const winner = await repo.userOf(issuer, claims.sub);
        if (winner) return winner;
        continue;
      }
      await deps.onAccountMade?.(id);
      if (!verified) await deps.onSignup?.({ id, username, email });
      return id;
    }
  }

  /**
   * The account of the person: the one tied to their subject; else the one with their email, when
   * the provider verified it and the account confirmed it (then tied); else a new one.
   */
  async function accountOf(issuer: string, claims: Claims): Promise<{ id: string } | { error: OidcError }> {
    const tied = await repo.userOf(issuer, claims.sub);
    if (tied) {
      await repo.touch(issuer, claims.sub);
      return { id: tied };
    }
    const email = text(claims.email);
    if (!email.includes('@') || email.length > EMAIL_MAX_LENGTH) return { error: 'no_email' };
    const verified = claims.email_verified === true;
    const holder = await users.findByLogin(email);
    if (!holder) return deps.createAccounts ? { id: await create(issuer, claims, email, verified) } : { error: 'birthday_required' };
    const account = await users.findById(holder.id);
    if (!verified || !account?.email_confirmed_at || account.email_lower !== loginKey(email)) return { error: 'email_taken' };
    try {
      await repo.link(issuer, claims.sub, holder.id);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const winner = await repo.userOf(issuer, claims.sub);
      return winner ? { id: winner } : { error: 'failed' };
    }
    return { id: holder.id };
  }

  return {
    /** Where to send the person, and the login key to keep until they come back. */
    async start(next: string | null): Promise<{ url: string; key: LoginKey }> {
      const provider = await configuration();
      const key: LoginKey = { state: oidc.randomState(), nonce: oidc.randomNonce(), verifier: oidc.randomPKCECodeVerifier(), next: safeNext(next) };
      const url = oidc.buildAuthorizationUrl(provider, {
        redirect_uri: redirectUri,
        scope: OIDC_SCOPES.join(' '),
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(key.verifier),
        code_challenge_method: 'S256',
        state: key.state,
        nonce: key.nonce,
      });
      return { url: url.href, key };
    },

    /** The return from the provider (its query string), checked against the login key: a session, or why not. */
    async finish(query: string, key: LoginKey, client: ClientInfo, trustedDevice: string | undefined): Promise<OidcOutcome> {
      let issuer: string;
      let claims: Claims;
      try {
        const provider = await configuration();
        const tokens = await oidc.authorizationCodeGrant(provider, new URL(`${redirectUri}?${query}`), {
          pkceCodeVerifier: key.verifier, expectedState: key.state, expectedNonce: key.nonce, idTokenExpected: true,
        });
        // R-002-prompts-14: a token without the scopes the account needs is no login.
        if (oauthLoginResult({ accessToken: tokens.access_token, ...scopesOf(OIDC_SCOPES, tokens.scope) }) !== 'success') {
          deps.log?.warn({ scope: tokens.scope }, 'an OpenID Connect login came back without the scopes it needs');
          return { error: 'failed' };
        }
        issuer = provider.serverMetadata().issuer;
        claims = await readClaims(provider, tokens);
      } catch (err) {
        deps.log?.warn({ err }, 'an OpenID Connect login failed at the provider');
        return { error: 'failed' };
      }
      const account = await accountOf(issuer, claims);
      if ('error' in account) return account;
      const user = await users.findById(account.id);
      if (!user) return { error: 'failed' };
      if (user.parental_consent_pending) return { error: 'parental_consent_pending' };
      if (await deps.suspension?.refusal(user.id)) return { error: 'account_suspended' };
      // The provider stands in for the password only: an account with two-factor on still needs its code.
      if (await deps.twoFactor.challengeFor(user, trustedDevice)) return { error: 'two_factor' };
      const session = await deps.sessions.create(user.id, client.userAgent, client.ip);
      return { userId: user.id, token: session.token };
    },
  };
}
export type OidcLogin = ReturnType<typeof createOidcLogin>;
