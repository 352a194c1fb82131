import { describe, expect, it, vi } from 'vitest';
import { CREDENTIAL_AUTO_LOGIN_DISMISSAL_MS, DAY_MS, type LoginResult } from '@shutter/contract';
import { ApiError } from '../../lib/api';
import type { SavedCredential } from '../../lib/password-credentials';
import type { KeyValueStorage } from '../../lib/storage';
import { createCredentialAutoLogin, type CredentialAutoLoginDeps } from './credential-auto-login';

const NOW = 1_800_000_000_000;

function memoryStorage(): KeyValueStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return { items, getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v), removeItem: (k) => void items.delete(k) };
}
const password = (id = 'alice', secret = 'correct horse'): SavedCredential => ({ type: 'password', id, password: secret });
const loggedIn: LoginResult = { authenticated: true, user: true, userId: '1', status: 'ok' };

function setup(saved: SavedCredential | null | Error, overrides: Partial<CredentialAutoLoginDeps> = {}) {
  const get = vi.fn(() => (saved instanceof Error ? Promise.reject(saved) : Promise.resolve(saved)));
  const deps = {
    enabled: true,
    credentials: { get },
    storage: memoryStorage(),
    now: () => NOW,
    logIn: vi.fn((_username: string, _password: string) => Promise.resolve(loggedIn)),
    reload: vi.fn(),
    logFailure: vi.fn(),
    twoFactor: vi.fn(),
    ...overrides,
  };
  return { deps, get, run: createCredentialAutoLogin() };
}

describe('credential auto-login', () => {
  it('R-002-prompts-9: a password credential logs the visitor in with it and reloads the page', async () => {
    const { deps, get, run } = setup(password('alice', 's3cret pass'));
    expect(await run(deps)).toBe('logged_in');
    expect(get).toHaveBeenCalledWith({ password: true, mediation: 'optional' });
    expect(deps.logIn).toHaveBeenCalledWith('alice', 's3cret pass');
    expect(deps.reload).toHaveBeenCalledTimes(1);
    expect(deps.logFailure).not.toHaveBeenCalled();
  });

  it('R-002-prompts-8: runs once per page load', async () => {
    const { deps, get, run } = setup(password());
    await run(deps);
    expect(await run(deps)).toBe('not_run');
    expect(get).toHaveBeenCalledTimes(1);
    expect(deps.logIn).toHaveBeenCalledTimes(1);
  });

  it('R-002-prompts-8: does not run when the operator turned it off', async () => {
    const { deps, get, run } = setup(password(), { enabled: false });
    expect(await run(deps)).toBe('not_run');
    expect(get).not.toHaveBeenCalled();
    expect(deps.logFailure).not.toHaveBeenCalled();
  });

  it('R-002-prompts-10: a browser without the API, or without PasswordCredential, logs unavailable', async () => {
    const { deps, run } = setup(null, { credentials: null });
    expect(await run(deps)).toBe('unavailable');
    expect(deps.logFailure).toHaveBeenCalledWith('unavailable');
    const refusing = setup(new DOMException('not allowed', 'NotAllowedError'));
    expect(await refusing.run(refusing.deps)).toBe('unavailable');
  });

  it('R-002-prompts-10: a federated credential logs unsupported and logs no one in', async () => {
    const { deps, run } = setup({ type: 'federated', id: 'alice@example.com' });
    expect(await run(deps)).toBe('unsupported');
    expect(deps.logFailure).toHaveBeenCalledWith('unsupported');
    expect(deps.logIn).not.toHaveBeenCalled();
    expect(deps.reload).not.toHaveBeenCalled();
  });

  it('R-002-prompts-10, R-002-dismissals-12: no credential logs dismissed and dismisses it for 1 day', async () => {
    expect(CREDENTIAL_AUTO_LOGIN_DISMISSAL_MS).toBe(DAY_MS);
    const first = setup(null);
    expect(await first.run(first.deps)).toBe('dismissed');
    expect(first.deps.logFailure).toHaveBeenCalledWith('dismissed');
    const storage = first.deps.storage;

    // The next page loads within the day do not ask the browser again.
    const later = setup(password(), { storage, now: () => NOW + DAY_MS - 1 });
    expect(await later.run(later.deps)).toBe('not_run');
    expect(later.get).not.toHaveBeenCalled();

    // A day later it runs again.
    const nextDay = setup(password(), { storage, now: () => NOW + DAY_MS });
    expect(await nextDay.run(nextDay.deps)).toBe('logged_in');
  });

  it('R-002-prompts-10: a refused password logs password_mismatch, stays logged out, and dismisses nothing', async () => {
    const refused = new ApiError(400, { authenticated: false, status: 'fail', message: 'Sorry, your password was incorrect.' }, 'Sorry');
    const storage = memoryStorage();
    const { deps, run } = setup(password(), { storage, logIn: vi.fn(() => Promise.reject(refused)) });
    expect(await run(deps)).toBe('password_mismatch');
    expect(deps.logFailure).toHaveBeenCalledWith('password_mismatch');
    expect(deps.reload).not.toHaveBeenCalled();
    expect(storage.items.size).toBe(0);
  });

  it('a right password on an account with two-factor goes to its challenge, not a failure', async () => {
    const info = { username: 'alice', two_factor_identifier: 'abc', totp_two_factor_on: true, sms_two_factor_on: false, obfuscated_phone_number: '' };
    const needsCode = new ApiError(400, { two_factor_required: true, two_factor_info: info, status: 'fail' }, 'two-factor');
    const { deps, run } = setup(password(), { logIn: vi.fn(() => Promise.reject(needsCode)) });
    expect(await run(deps)).toBe('two_factor');
    expect(deps.twoFactor).toHaveBeenCalledWith(info);
    expect(deps.logFailure).not.toHaveBeenCalled();
    expect(deps.reload).not.toHaveBeenCalled();
  });
});
