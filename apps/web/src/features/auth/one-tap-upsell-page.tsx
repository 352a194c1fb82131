import { useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { LOGGED_OUT_REDIRECT_SOURCE, loginPath, safeNext } from '@shutter/contract';
import { useDocumentTitle, useT } from '../../lib/i18n/i18n';
import { useHydrated } from '../../lib/use-hydrated';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { useSession } from '../../state/session';
import { saveLoginInfo, useOneTapUpsell } from '../../state/queries/one-tap';
import { useArrivedSession } from './use-arrived-session';
import authStyles from './auth.module.css';
import styles from './one-tap.module.css';

/**
 * `/accounts/onetap/?next=`: after a login, "Save your login info?". Both answers continue to
 * `next` (R-000-routes-23: a path of this site, else `/`); a browser that already holds the
 * account's saved login goes there at once.
 */
export function OneTapUpsellPage() {
  const t = useT();
  useDocumentTitle(t('oneTap.upsell.title'));
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const next = safeNext(params.get('next'));
  const arrived = useArrivedSession();
  const { viewer } = useSession();
  const upsell = useOneTapUpsell(arrived === 'in');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const hydrated = useHydrated();

  // Redirects wait for the browser: a page rendered on the server only shows its loading state.
  if (hydrated && arrived === 'out') return <Navigate to={loginPath(`${pathname}${search}`, LOGGED_OUT_REDIRECT_SOURCE)} replace />;
  if (hydrated && upsell.data?.one_tap_saved) return <Navigate to={next} replace />;

  const save = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await saveLoginInfo();
      void navigate(next, { replace: true });
    } catch {
      setFailed(true);
      setBusy(false);
    }
  };

  const loading = !viewer || upsell.isPending || upsell.data?.one_tap_saved === true;
  return (
    <div className={authStyles.page}>
      <section className={authStyles.card} aria-labelledby={loading ? undefined : 'one-tap-heading'} aria-busy={loading || undefined}>
        {loading ? (
          <div className={styles.state}>
            <Spinner size={24} label={t('app.loading')} />
          </div>
        ) : (
          <div className={styles.prompt}>
            <Avatar src={viewer.has_profile_pic ? viewer.profile_pic_url : null} alt="" size={88} />
            <h1 id="one-tap-heading" className={styles.title}>
              {t('oneTap.upsell.title')}
            </h1>
            <p className={styles.text}>{t('oneTap.upsell.body', { username: viewer.username })}</p>
            <div className={styles.actions}>
              <Button block busy={busy} onClick={() => void save()}>
                {t('oneTap.upsell.save')}
              </Button>
              <Button variant="link" block disabled={busy} onClick={() => void navigate(next, { replace: true })}>
                {t('oneTap.upsell.notNow')}
              </Button>
            </div>
            {failed ? (
              <p className={authStyles.formError} role="alert">
                {t('oneTap.upsell.failed')}
              </p>
            ) : null}
          </div>
        )}
      </section>
    </div>
  );
}
