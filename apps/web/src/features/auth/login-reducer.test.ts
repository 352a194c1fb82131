import { describe, expect, it } from 'vitest';
import { canSubmitLogin, initialLoginState, loginReducer, type LoginState } from './login-reducer';

const filled = (): LoginState => {
  let s = initialLoginState();
  s = loginReducer(s, { type: 'change', field: 'username', value: 'alice' });
  return loginReducer(s, { type: 'change', field: 'password', value: 'secret1' });
};

describe('login reducer', () => {
  it('R-000-auth-9: while a login request is in flight the state records it and blocks resubmission', () => {
    const s = loginReducer(filled(), { type: 'submit' });
    expect(s.requestInFlight).toBe(true);
    expect(canSubmitLogin(s)).toBe(false);
    expect(loginReducer(s, { type: 'success' }).requestInFlight).toBe(false);
  });

  it('R-000-auth-10: each login failure increments submissionCount', () => {
    let s = filled();
    for (let i = 1; i <= 3; i += 1) {
      s = loginReducer(loginReducer(s, { type: 'submit' }), { type: 'failure', message: 'nope' });
      expect(s.submissionCount).toBe(i);
      expect(s.requestInFlight).toBe(false);
    }
  });

  it("R-000-auth-11: a login failure stores the server's error text, cleared by the next attempt", () => {
    let s = loginReducer(loginReducer(filled(), { type: 'submit' }), { type: 'failure', message: 'The password you entered is incorrect.' });
    expect(s.errorMessage).toBe('The password you entered is incorrect.');
    s = loginReducer(s, { type: 'submit' });
    expect(s.errorMessage).toBeNull();
  });

  it('submit is enabled only when both fields are filled', () => {
    expect(canSubmitLogin(initialLoginState())).toBe(false);
    expect(canSubmitLogin(loginReducer(initialLoginState(), { type: 'change', field: 'username', value: 'alice' }))).toBe(false);
    expect(canSubmitLogin(filled())).toBe(true);
  });
});
