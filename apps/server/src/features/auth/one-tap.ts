import { ONE_TAP_ACCOUNTS_MAX, type LoginResult, type OneTapAccount, type OneTapLoginBody } from '@shutter/contract';
import { failWith } from '../../platform/errors.js';
import { profilePicUrls } from '../../platform/presenters.js';
import type { SessionStore } from '../../platform/session-store.js';
import type { Storage } from '../../platform/storage.js';
import { randomToken, sha256 } from '../../platform/tokens.js';
import type { AccountsRepository } from '../accounts/repository.js';
import type { LoginPlaces } from './login-places.js';
import type { OneTapRepository } from './one-tap.repository.js';
import { welcomeBack, type ClientInfo, type SignupSteps } from './service.js';
import type { TwoFactor } from './two-factor.js';

const expired = () => failWith(400, { code: 'one_tap_expired' });

type Account = NonNullable<Awaited<ReturnType<AccountsRepository['findById']>>>;

/**
 * A saved login stays good while the account can log in with the password it had when the login
 * was saved: a new password (changed or reset) ends every saved login made before it.
 */
const stillGood = (account: Account | undefined, savedAt: Date): account is Account =>
  !!account && !account.parental_consent_pending && savedAt.getTime() > account.password_changed_at.getTime();

export interface OneTapDeps {
  repo: OneTapRepository;
  users: AccountsRepository;
  sessions: SessionStore;
  twoFactor: TwoFactor;
  places?: LoginPlaces;
  storage: Storage;
  /** A suspended account's refusal, as at login (with its appeal token). */
  suspension?: SignupSteps['suspension'];
}

/**
 * One-tap login. A browser keeps up to ONE_TAP_ACCOUNTS_MAX tokens (its cookie, newest first), each
 * of one account; the service keeps their hashes. The landing page hands a fresh single-use nonce
 * per saved account, and a login must bring both: the cookie proves the browser, the nonce that the
 * click came from a landing page of this site just now.
 */
export function createOneTap({ repo, users, sessions, twoFactor, places, storage, suspension }: OneTapDeps) {
  /** The browser's tokens that are still good, with their accounts, newest first. */
  async function live(tokens: string[]) {
    const byHash = new Map(tokens.map((token) => [sha256(token), token]));
    const rows = await repo.find([...byHash.keys()]);
    const found = await Promise.all(rows.map(async (row) => ({ row, account: await users.findById(row.user_id) })));
    const dead = found.filter(({ row, account }) => !stillGood(account, row.created_at)).map(({ row }) => row.token_hash);
    await repo.remove(dead);
    return found
      .filter((f): f is { row: typeof f.row; account: Account } => stillGood(f.account, f.row.created_at))
      .sort((a, b) => b.row.last_used_at.getTime() - a.row.last_used_at.getTime())
      .map(({ row, account }) => ({ token: byHash.get(row.token_hash)!, tokenHash: row.token_hash, account }));
  }

  return {
    /** Whether this browser already holds a good saved login of the account. */
    async isSaved(userId: string, tokens: string[]): Promise<boolean> {
      return (await live(tokens)).some((s) => s.account.id === userId);
    },

    /**
     * Saves the account's login in this browser (a new token, unless it holds a good one) and
     * answers the browser's new list of tokens; a token pushed past the limit is forgotten.
     */
    async save(userId: string, tokens: string[]): Promise<string[]> {
      const held = await live(tokens);
      const mine = held.find((s) => s.account.id === userId);
      await users.optIntoOneTap(userId);
      if (mine) return [mine.token, ...held.filter((s) => s !== mine).map((s) => s.token)];
      const token = randomToken();
      await repo.insert(sha256(token), userId);
      const kept = held.slice(0, ONE_TAP_ACCOUNTS_MAX - 1);
      await repo.remove(held.slice(ONE_TAP_ACCOUNTS_MAX - 1).map((s) => s.tokenHash));
      return [token, ...kept.map((s) => s.token)];
    },

    /** The accounts the landing page offers to continue as, each with a new nonce (the one before it stops working). */
    async landingAccounts(tokens: string[]): Promise<OneTapAccount[]> {
      const held = await live(tokens);
      return Promise.all(held.map(async ({ tokenHash, account }) => {
        const nonce = randomToken(24);
        await repo.setNonce(tokenHash, sha256(nonce));
        return { user_id: account.id, username: account.username, profile_pic_url: profilePicUrls(account, storage).profile_pic_url, login_nonce: nonce };
      }));
    },

    /** Forgets this browser's saved login of the account; answers the browser's remaining tokens. */
    async remove(userId: string, tokens: string[]): Promise<string[]> {
      const rows = await repo.find(tokens.map(sha256));
      const theirs = new Set(rows.filter((r) => r.user_id === userId).map((r) => r.token_hash));
      await repo.remove([...theirs]);
      return tokens.filter((t) => !theirs.has(sha256(t)));
    },

    /**
     * Logs in as a saved account: this browser's token of that account and the nonce its landing
     * page was given, spent whatever happens next. Two-factor asks for a code as at login, unless
     * this browser is trusted (its trusted-device cookie).
     */
    async login(body: OneTapLoginBody, tokens: string[], client: ClientInfo, trustedDevice: string | undefined): Promise<{ result: LoginResult; token?: string }> {
      const rows = await repo.find(tokens.map(sha256));
      const row = rows.find((r) => r.user_id === body.user_id);
      const savedAt = row && (await repo.useNonce(row.token_hash, body.user_id, sha256(body.login_nonce)));
      if (!row || !savedAt) throw expired();
      const account = await users.findById(body.user_id);
      if (!stillGood(account, savedAt)) {
        await repo.remove([row.token_hash]);
        throw expired();
      }
      const suspended = await suspension?.refusal(account.id);
      if (suspended) return { result: suspended };
      // As at login (service.ts): a challenge that texts its code when the account uses texts.
      const challenge = await twoFactor.challengeFor(account, trustedDevice, true);
      if (challenge) {
        return { result: { authenticated: false, two_factor_required: true, two_factor_info: challenge, status: 'fail', message: twoFactor.requiredMessage(challenge) } };
      }
      const session = await sessions.create(account.id, client.userAgent, client.ip);
      await places?.afterLogin(account, session.sessionId, client);
      return { result: { authenticated: true, user: true, userId: account.id, status: 'ok', ...welcomeBack(session) }, token: session.token };
    },
  };
}
export type OneTap = ReturnType<typeof createOneTap>;
