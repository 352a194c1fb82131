import { useCallback, useState } from 'react';
import type { CaptchaChallenge } from '@shutter/contract';
import { useSignupSettings } from '../../state/queries/signup';

/**
 * The signup form's proof-of-work check, shown when the operator asks for it (the landing data's
 * captcha_enabled) or when a signup was refused for it. Each solution is spent by one signup: after
 * a refusal the widget starts again, with the refusal's challenge or a fresh one.
 */
export function useSignupCaptcha() {
  const enabled = useSignupSettings()?.captcha_enabled === true;
  const [asked, setAsked] = useState(false);
  const [challenge, setChallenge] = useState<CaptchaChallenge | null>(null);
  const [round, setRound] = useState(0);
  const [payload, setPayload] = useState<string | null>(null);
  const shown = enabled || asked;

  /** After a refused signup (its failure body): its solution is spent. */
  const spent = useCallback((failure: unknown) => {
    const body = failure as { captcha_required?: boolean; captcha_challenge?: CaptchaChallenge } | null;
    setPayload(null);
    if (body?.captcha_required) setAsked(true);
    setChallenge(body?.captcha_challenge ?? null);
    setRound((n) => n + 1);
  }, []);

  return {
    shown,
    /** Submitting waits for the solution while the check is shown. */
    ready: !shown || payload !== null,
    fields: () => (payload ? { captcha: payload } : {}),
    round,
    widget: { challenge, onSolved: setPayload },
    spent,
  };
}
