import type { LoginBody, LoginResult, SignupBody } from '@shutter/contract';
import { decodeIdCursor, toPage } from '../../platform/cursors.js';
import { isUniqueViolation, notFound } from '../../platform/errors.js';
import type { IdGenerator } from '../../platform/ids.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../platform/passwords.js';
import type { SessionStore } from '../../platform/session-store.js';
import { loginKey, type AccountsRepository } from '../accounts/repository.js';
import { describeDevice } from './devices.js';
import { checkSignupFormat, passwordProblem, usernameCandidates } from './signup-rules.js';
import { fieldError, type FieldProblems } from '../../platform/field-errors.js';

/** One answer for an unknown account and a wrong password, so that login cannot tell which accounts exist. */
export const LOGIN_FAILED = 'Sorry, your username or password was incorrect. Please double-check them and try again.';

const SUGGESTION_COUNT = 5;

export interface ClientInfo {
  userAgent: string;
  ip: string;
}

type SignupCheck = { ok: boolean; problems: FieldProblems; suggestions: string[] };

export function createAuthService(repo: AccountsRepository, sessions: SessionStore, nextId: IdGenerator) {
  async function suggestions(body: SignupBody): Promise<string[]> {
    const candidates = usernameCandidates(body);
    const taken = await repo.usernamesTaken(candidates);
    return candidates.filter((c) => !taken.has(c.toLowerCase())).slice(0, SUGGESTION_COUNT);
  }

  /** Every signup rule, per field: the format rules first, then availability. */
  async function check(body: SignupBody): Promise<SignupCheck> {
    const problems = checkSignupFormat(body);
    const username = body.username.trim();
    const email = body.email.trim();
    const [usernameTaken, emailTaken] = await Promise.all([
      problems.has('username') ? false : repo.usernamesTaken([username]).then((s) => s.size > 0),
      problems.has('email') ? false : repo.emailTaken(email),
    ]);
    if (usernameTaken) problems.add('username', 'username_taken');
    if (emailTaken) problems.add('email', 'email_taken');
    const needSuggestions = problems.has('username') || username === '';
    const list = needSuggestions ? await suggestions(body) : [];
    return { ok: problems.empty, problems, suggestions: list };
  }

  return {
    checkSignup: check,

    async signup(body: SignupBody, client: ClientInfo) {
      const result = await check(body);
      if (!result.ok) return { created: false as const, problems: result.problems, suggestions: result.suggestions };
      const userId = nextId();
      try {
        await repo.insertUser({
          id: userId,
          username: body.username.trim(),
          email: body.email.trim(),
          full_name: body.first_name.trim(),
          password_hash: await hashPassword(body.password),
          opt_into_one_tap: body.opt_into_one_tap,
        });
      } catch (err) {
        // Another signup took the name or email between the check and the insert.
        if (!isUniqueViolation(err)) throw err;
        const again = await check(body);
        return { created: false as const, problems: again.problems, suggestions: again.suggestions };
      }
      const session = await sessions.create(userId, client.userAgent, client.ip);
      return { created: true as const, userId, token: session.token };
    },

    /**
     * `allowAttempt` is the per-account limit, keyed by the name typed (as the lookup compares it)
     * and asked before the lookup: an unknown name locks exactly as an account's does, and an
     * account's username and email keep a budget each, so that locking one cannot show that the
     * other is the same account's.
     */
    async login(body: LoginBody, client: ClientInfo, allowAttempt: (loginKey: string) => Promise<void>): Promise<{ result: LoginResult; token?: string }> {
      await allowAttempt(loginKey(body.username));
      const user = await repo.findByLogin(body.username);
      const failed: LoginResult = { authenticated: false, status: 'fail', message: LOGIN_FAILED };
      if (!user) {
        await burnPasswordCheck(body.password);
        return { result: failed };
      }
      if (!(await verifyPassword(user.password_hash, body.password))) return { result: failed };
      const session = await sessions.create(user.id, client.userAgent, client.ip);
      return { result: { authenticated: true, user: true, userId: user.id, status: 'ok' }, token: session.token };
    },

    logout: (sessionId: string) => sessions.end(sessionId),

    async changePassword(userId: string, sessionId: string, body: { old_password: string; new_password1: string; new_password2: string }) {
      const user = await repo.findById(userId);
      if (!user) throw notFound();
      if (!(await verifyPassword(user.password_hash, body.old_password))) throw fieldError('old_password', 'old_password_wrong');
      const problem = passwordProblem(body.new_password1, user);
      if (problem) throw fieldError('new_password1', problem.code, problem.params);
      if (body.new_password1 !== body.new_password2) throw fieldError('new_password2', 'passwords_differ');
      if (body.new_password1 === body.old_password) throw fieldError('new_password1', 'password_reused');
      await repo.changePassword(userId, await hashPassword(body.new_password1), sessionId);
    },

    async listSessions(userId: string, currentSessionId: string, first: number, after: string | null | undefined) {
      const beforeId = decodeIdCursor(after);
      const rows = await sessions.listForUser(userId, first, beforeId);
      const { items, page_info } = toPage(rows, first, (s) => [s.id]);
      return {
        sessions: items.map((s) => ({
          id: s.id,
          ...describeDevice(s.user_agent),
          ip: s.ip,
          created_at: Math.floor(s.created_at.getTime() / 1000),
          last_active_at: Math.floor(s.last_active_at.getTime() / 1000),
          is_current: s.id === currentSessionId,
        })),
        page_info,
      };
    },

    async endSession(userId: string, sessionId: string) {
      if (!(await sessions.endForUser(userId, sessionId))) throw notFound('That session has already ended.');
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
