import { useSearchParams } from 'react-router';
import { OIDC_ERROR_PARAM, OIDC_ERRORS, OIDC_NOTICE_PARAM, OIDC_NOTICES, oidcStartUrl, type OidcError, type OidcNotice } from '@shutter/contract';
import { useT, type MessageId } from '../../lib/i18n/i18n';
import { buttonClass } from '../../ui/button';
import { useSession } from '../../state/session';
import styles from './oidc.module.css';

/** The provider's name as the operator gave it (OIDC_NAME), or the words for "your provider"; null when sign-in with a provider is off. */
function useProviderName(): string | null {
  const t = useT();
  const oidc = useSession().sharedData.oidc;
  if (!oidc) return null;
  return oidc.name ?? t('oidc.defaultName');
}

/**
 * "Continue with <provider>" above a login or signup form, when the operator configured one: a
 * plain link, since the start is a full page navigation to the provider and back.
 */
export function OidcSignIn({ next }: { next: string | null }) {
  const t = useT();
  const name = useProviderName();
  if (name === null) return null;
  return (
    <div className={styles.oidc}>
      <a className={buttonClass('secondary', true)} href={oidcStartUrl(next)}>
        {t('oidc.continue', { name })}
      </a>
      <div className={styles.divider}>{t('oidc.or')}</div>
    </div>
  );
}

const isOidcError = (value: string | null): value is OidcError => OIDC_ERRORS.includes(value as OidcError);

/** Why the last return from the provider did not log in (`?oidc_error=` of the login page). */
export function OidcFailure() {
  const t = useT();
  const [params] = useSearchParams();
  const name = useProviderName();
  const code = params.get(OIDC_ERROR_PARAM);
  if (!isOidcError(code)) return null;
  return (
    <p className={styles.failure} role="alert">
      {t(`oidc.error.${code}` satisfies MessageId, { name: name ?? t('oidc.defaultName') })}
    </p>
  );
}

const isOidcNotice = (value: string | null): value is OidcNotice => OIDC_NOTICES.includes(value as OidcNotice);

/** A return from the provider that is no failure (`?oidc_notice=`): the person said no there, so it is only noted. */
export function OidcNotice() {
  const t = useT();
  const [params] = useSearchParams();
  const name = useProviderName();
  const notice = params.get(OIDC_NOTICE_PARAM);
  if (!isOidcNotice(notice)) return null;
  return (
    <p className={styles.notice} role="status">
      {t(`oidc.notice.${notice}` satisfies MessageId, { name: name ?? t('oidc.defaultName') })}
    </p>
  );
}
