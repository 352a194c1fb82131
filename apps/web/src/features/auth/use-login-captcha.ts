import { useCallback, useRef, useState } from 'react';
import type { CaptchaChallenge } from '@shutter/contract';

/**
 * The login form's proof-of-work check: the challenge a refusal came with, and the solved payload,
 * sent with one login only (the service accepts each solution once). A login refused before its
 * password was checked is sent again by itself once solved; one that was checked and failed is not
 * (it would fail again): the payload then waits for the person's next try.
 */
export function useLoginCaptcha() {
  const [challenge, setChallenge] = useState<CaptchaChallenge | null>(null);
  const payload = useRef<string | null>(null);
  const retry = useRef<((payload: string) => void) | null>(null);

  const required = useCallback((next: CaptchaChallenge, retryWhenSolved?: (payload: string) => void) => {
    setChallenge(next);
    payload.current = null;
    retry.current = retryWhenSolved ?? null;
  }, []);

  const take = useCallback(() => {
    const taken = payload.current;
    payload.current = null;
    return taken;
  }, []);

  const solved = useCallback((next: string | null) => {
    const again = retry.current;
    if (next && again) {
      retry.current = null;
      again(next);
      return;
    }
    payload.current = next;
  }, []);

  return { challenge, required, take, solved };
}
