import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useDocumentTitle, useT } from '../../lib/i18n/i18n';
import { EmptyState } from '../../ui/empty-state';
import type { IconName } from '../../ui/icon';
import styles from './placeholder.module.css';

type SoonKey = 'create';

/** A designed "coming soon" screen for routes that later issues build. */
function ComingSoon({ id, icon }: { id: SoonKey; icon: IconName }) {
  const t = useT();
  const title = t(`soon.${id}.title`);
  useDocumentTitle(title);
  return (
    <div className={styles.page}>
      <EmptyState icon={icon} title={title} body={t(`soon.${id}.body`)} level={1} badge={t('soon.badge')} />
    </div>
  );
}

const CreatePlaceholder = () => <ComingSoon id="create" icon="plus" />;

/** "Sorry, this page isn't available." */
export function NotFoundPage() {
  const t = useT();
  useDocumentTitle(t('notFound.title'));
  return (
    <div className={styles.notFound}>
      <h1 className={styles.notFoundTitle}>{t('notFound.heading')}</h1>
      <p className={styles.notFoundBody}>
        {t('notFound.body')} <Link to="/">{t('app.backHome')}</Link>
      </p>
    </div>
  );
}

/**
 * Paths no route matched: the creation flow when the path contains /create/. Any other path is not
 * the client's (spec 000 §2): reached by an in-app navigation it gets a full page load, so the
 * server answers it; on that load (the history's first entry) the 404 page shows.
 */
export function CatchAllPage() {
  const { pathname, search, hash, key } = useLocation();
  const isCreate = pathname.includes('/create/');
  const inAppNavigation = key !== 'default';
  useEffect(() => {
    if (isCreate || !inAppNavigation) return;
    // A reload keeps the entry's state; without clearing it the reloaded page would look like an
    // in-app navigation again and reload forever.
    window.history.replaceState(null, '', pathname + search + hash);
    window.location.reload();
  }, [isCreate, inAppNavigation, pathname, search, hash]);
  if (isCreate) return <CreatePlaceholder />;
  return inAppNavigation ? null : <NotFoundPage />;
}
