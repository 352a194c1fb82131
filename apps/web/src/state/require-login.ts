import { useLocation, useNavigate } from 'react-router';
import { useSession } from './session';
import { loginRedirectFor } from './action-rules';

/** Spec 000 §6: a logged-out visitor who uses a like-related action is sent to login. */
export function useRequireLogin(source = 'likes'): () => boolean {
  const { viewer } = useSession();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return () => {
    const redirect = loginRedirectFor(!!viewer, pathname, search, source);
    if (redirect) void navigate(redirect);
    return !redirect;
  };
}
