import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { LOGGED_OUT_REDIRECT_SOURCE, REGISTRATION_INTERSTITIAL_PATH, REGISTRATION_STEPS, loginPath, registrationStep } from '@shutter/contract';
import { useDocumentTitle, useT } from '../../lib/i18n/i18n';
import { useHydrated } from '../../lib/use-hydrated';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { useDismissSuggestion, useSuggestedUsers } from '../../state/queries/suggestions';
import { ProfilePictureRow } from '../accounts/profile-picture-row';
import { SuggestionRows } from '../suggestions/suggestion-rows';
import { useArrivedSession } from './use-arrived-session';
import authStyles from './auth.module.css';
import styles from './one-tap.module.css';

const stepPath = (step: number) => `${REGISTRATION_INTERSTITIAL_PATH}${step}/`;

function PeopleToFollow() {
  const t = useT();
  const { dismiss, visible } = useDismissSuggestion('feed');
  const state = visible(useSuggestedUsers('mobile'));
  if (state.status === 'loading') {
    return (
      <div className={styles.state}>
        <Spinner size={24} label={t('app.loading')} />
      </div>
    );
  }
  if (state.status === 'failed') return <p className={styles.text}>{t('registered.people.none')}</p>;
  return (
    <div className={styles.people}>
      <SuggestionRows items={state.items} onDismiss={(suggestion) => void dismiss(suggestion)} avatarSize={44} />
    </div>
  );
}

/**
 * `/accounts/registered/{stepNumber?}/` (R-000-routes-24): after a signup, a profile photo (step 1,
 * also without a number) and people to follow (step 2), then home. A number out of range is step 1.
 */
export function RegistrationInterstitialPage() {
  const t = useT();
  useDocumentTitle(t('registered.title'));
  const { stepNumber } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const arrived = useArrivedSession();
  const hydrated = useHydrated();
  const step = registrationStep(stepNumber);

  // Redirects wait for the browser: a page rendered on the server only shows its loading state.
  if (hydrated && arrived === 'out') return <Navigate to={loginPath(pathname, LOGGED_OUT_REDIRECT_SOURCE)} replace />;
  if (hydrated && stepNumber !== undefined && String(step) !== stepNumber) return <Navigate to={REGISTRATION_INTERSTITIAL_PATH} replace />;

  const last = step === REGISTRATION_STEPS;
  const onward = () => void navigate(last ? '/' : stepPath(step + 1), { replace: last });
  const photo = step === 1;
  return (
    <div className={authStyles.page}>
      <section className={`${authStyles.card} ${styles.wide}`} aria-labelledby={arrived === 'loading' ? undefined : 'registered-heading'} aria-busy={arrived === 'loading' || undefined}>
        {arrived === 'loading' ? (
          <div className={styles.state}>
            <Spinner size={24} label={t('app.loading')} />
          </div>
        ) : (
          <div className={styles.prompt}>
            <p className={styles.step}>{t('registered.stepOf', { step, total: REGISTRATION_STEPS })}</p>
            <h1 id="registered-heading" className={styles.title}>
              {t(photo ? 'registered.photo.title' : 'registered.people.title')}
            </h1>
            <p className={styles.text}>{t(photo ? 'registered.photo.body' : 'registered.people.body')}</p>
            {photo ? (
              <div className={styles.photo}>
                <ProfilePictureRow />
              </div>
            ) : (
              <PeopleToFollow />
            )}
            <div className={styles.actions}>
              <Button block onClick={onward}>
                {t(last ? 'registered.done' : 'registered.next')}
              </Button>
              <Button variant="link" block onClick={onward}>
                {t('registered.skip')}
              </Button>
            </div>
          </div>
        )}
      </section>
    </div>
  );
}
