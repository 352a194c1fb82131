import { messageText, normalizePhoneNumber, type AccountSuspendedAnswer, type LoginBody, type LoginResult, type SignupBody, type TwoFactorLoginBody } from '@shutter/contract';
import { decodeIdCursor, toPage } from '../../platform/cursors.js';
import { isUniqueViolation, notFound } from '../../platform/errors.js';
import type { IdGenerator } from '../../platform/ids.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../platform/passwords.js';
import type { SessionStore } from '../../platform/session-store.js';
import { loginKey, type AccountsRepository } from '../accounts/repository.js';
import { describeDevice } from './devices.js';
import { checkSignupFormat, passwordProblem, usernameCandidates } from './signup-rules.js';
import { fieldError, type FieldProblems } from '../../platform/field-errors.js';
import type { TwoFactor } from './two-factor.js';
import type { ParentalConsent } from './parental-consent.js';
import type { SignupPhone } from './signup-phone.js';
import type { LoginPlaces } from './login-places.js';
import { checkAge, type AgeCheck, type AgeRules } from './signup-age.js';

/** One answer for an unknown account and a wrong password, so that login cannot tell which accounts exist. */
export const LOGIN_FAILED = 'Sorry, your username or password was incorrect. Please double-check them and try again.';

const SUGGESTION_COUNT = 5;

export interface ClientInfo {
  userAgent: string;
  ip: string;
}

type SignupCheck = { ok: boolean; problems: FieldProblems; suggestions: string[]; age: AgeCheck };

/** The signup's steps beyond the one form (the birthday's rules, a minor's parent, a phone's code), and where logins come from. */
export interface SignupSteps {
  rules: AgeRules;
  consent?: ParentalConsent;
  phone?: SignupPhone;
  places?: LoginPlaces;
  /** The terms a signup agrees to: consent where the operator requires it, and the version recorded. */
  terms?: { checkSignup(body: SignupBody, problems: FieldProblems): void; recordSignup(userId: string): Promise<void> };
  /** A login's refusal to an account a moderator suspended (with its appeal token), or null. */
  suspension?: { refusal(userId: string): Promise<AccountSuspendedAnswer | null> };
}

/** A login that brought a deactivated or deleting account back says so, for the client's "Welcome back". */
export const welcomeBack = (session: { reactivated?: boolean }) => (session.reactivated ? { reactivated: true as const } : {});

/** Told of each new account once it is stored (its email confirmation goes out). */
type SignupListener = (user: { id: string; username: string; email: string }) => Promise<void>;

export function createAuthService(repo: AccountsRepository, sessions: SessionStore, nextId: IdGenerator, twoFactor: TwoFactor, onSignup?: SignupListener, signupAge: SignupSteps = { rules: {} }) {
  async function suggestions(body: SignupBody): Promise<string[]> {
    const candidates = usernameCandidates(body);
    const taken = await repo.usernamesTaken(candidates);
    return candidates.filter((c) => !taken.has(c.toLowerCase())).slice(0, SUGGESTION_COUNT);
  }

  /** Every signup rule, per field: the format rules first, then availability. */
  async function check(body: SignupBody): Promise<SignupCheck> {
    const problems = checkSignupFormat(body);
    const age = checkAge(body, signupAge.rules, problems);
    const username = body.username.trim();
    const email = body.email.trim();
    const [usernameTaken, emailTaken] = await Promise.all([
      problems.has('username') ? false : repo.usernamesTaken([username]).then((s) => s.size > 0),
      problems.has('email') || body.phone_number.trim() ? false : repo.emailTaken(email),
    ]);
    if (usernameTaken) problems.add('username', 'username_taken');
    if (emailTaken) problems.add('email', 'email_taken');
    const needSuggestions = problems.has('username') || username === '';
    const list = needSuggestions ? await suggestions(body) : [];
    return { ok: problems.empty, problems, suggestions: list, age };
  }

  return {
    checkSignup: check,
    twoFactor,

    async signup(body: SignupBody, client: ClientInfo) {
      const result = await check(body);
      // Consent is asked of the account's making only: the dry runs come before the box is ticked.
      signupAge.terms?.checkSignup(body, result.problems);
      if (!result.problems.empty) return { created: false as const, problems: result.problems, suggestions: result.suggestions };
      const phone = normalizePhoneNumber(body.phone_number);
      if (phone && !(await signupAge.phone?.take(phone, body.sms_code))) {
        result.problems.add('sms_code', 'phone_code_none');
        return { created: false as const, problems: result.problems, suggestions: result.suggestions };
      }
      const email = phone ? '' : body.email.trim();
      const userId = nextId();
      try {
        await repo.insertUser({
          id: userId,
          username: body.username.trim(),
          email,
          phone_number: phone,
          phone_confirmed_at: phone ? new Date() : null,
          full_name: body.first_name.trim(),
          password_hash: await hashPassword(body.password),
          opt_into_one_tap: body.opt_into_one_tap,
          birthday: result.age.birthday,
          parental_consent_pending: result.age.parentEmail !== null,
        });
      } catch (err) {
        // Another signup took the name or email between the check and the insert.
        if (!isUniqueViolation(err)) throw err;
        const again = await check(body);
        return { created: false as const, problems: again.problems, suggestions: again.suggestions };
      }
      await signupAge.terms?.recordSignup(userId);
      if (email) await onSignup?.({ id: userId, username: body.username.trim(), email });
      if (result.age.parentEmail !== null) {
        // No session: the account opens when a parent approves it.
        await signupAge.consent?.request({ id: userId, username: body.username.trim(), full_name: body.first_name.trim() }, result.age.parentEmail);
        return { created: true as const, userId, parentalConsentRequired: true as const };
      }
      const session = await sessions.create(userId, client.userAgent, client.ip);
      await signupAge.places?.remember(userId, client);
      return { created: true as const, userId, token: session.token };
    },

    /**
     * `allowAttempt` is the per-account limit, keyed by the name typed (as the lookup compares it)
     * and asked before the lookup: an unknown name locks exactly as an account's does, and an
     * account's username and email keep a budget each, so that locking one cannot show that the
     * other is the same account's.
     */
    async login(
      body: LoginBody, client: ClientInfo, allowAttempt: (loginKey: string) => Promise<void>, trustedDevice?: string,
    ): Promise<{ result: LoginResult; token?: string }> {
      await allowAttempt(loginKey(body.username));
      const user = await repo.findByLogin(body.username);
      const failed: LoginResult = { authenticated: false, status: 'fail', message: LOGIN_FAILED };
      if (!user) {
        await burnPasswordCheck(body.password);
        return { result: failed };
      }
      if (!(await verifyPassword(user.password_hash, body.password))) return { result: failed };
      // Told only after the right password: a stranger learns nothing of the account.
      const suspended = await signupAge.suspension?.refusal(user.id);
      if (suspended) return { result: suspended };
      if (user.parental_consent_pending) {
        return { result: { authenticated: false, status: 'fail', message: messageText({ code: 'parental_consent_pending' }), parental_consent_pending: true } };
      }
      // Two-factor on: no session until the second step (unless this browser is trusted).
      const challenge = await twoFactor.challengeFor(user, trustedDevice, true);
      if (challenge) {
        return { result: { authenticated: false, two_factor_required: true, two_factor_info: challenge, status: 'fail', message: twoFactor.requiredMessage(challenge) } };
      }
      const session = await sessions.create(user.id, client.userAgent, client.ip);
      await signupAge.places?.afterLogin(user, session.sessionId, client);
      return { result: { authenticated: true, user: true, userId: user.id, status: 'ok', ...welcomeBack(session) }, token: session.token };
    },

    /**
     * A login's second step: the challenge of the named account answered with a code. `allowAttempt`
     * is the per-account limit on codes, asked once the challenge names the account.
     */
    async loginTwoFactor(body: TwoFactorLoginBody, client: ClientInfo, allowAttempt: (userId: string) => Promise<void>) {
      const userId = await twoFactor.challengeAccount(body.identifier, body.username);
      await allowAttempt(userId);
      await twoFactor.answer(body.identifier, userId, body.verificationCode);
      const session = await sessions.create(userId, client.userAgent, client.ip);
      const user = await repo.findById(userId);
      if (user) await signupAge.places?.afterLogin(user, session.sessionId, client);
      const trustedDevice = body.trust_signin ? await twoFactor.trustDevice(userId) : undefined;
      return { userId, token: session.token, trustedDevice, ...welcomeBack(session) };
    },

    logout: (sessionId: string) => sessions.end(sessionId),

    /** Logins from a place the account had not used, for login activity. */
    suspiciousLogins: async (userId: string, currentSessionId: string) => (await signupAge.places?.list(userId, currentSessionId)) ?? [],

    async changePassword(userId: string, sessionId: string, body: { old_password: string; new_password1: string; new_password2: string }) {
      const user = await repo.findById(userId);
      if (!user) throw notFound();
      if (!(await verifyPassword(user.password_hash, body.old_password))) throw fieldError('old_password', 'old_password_wrong');
      const problem = passwordProblem(body.new_password1, user);
      if (problem) throw fieldError('new_password1', problem.code, problem.params);
      if (body.new_password1 !== body.new_password2) throw fieldError('new_password2', 'passwords_differ');
      if (body.new_password1 === body.old_password) throw fieldError('new_password1', 'password_reused');
      await repo.changePassword(userId, await hashPassword(body.new_password1), sessionId);
      // Browsers trusted to skip two-factor were trusted by whoever knew the old password.
      await twoFactor.forgetTrustedDevices(userId);
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
