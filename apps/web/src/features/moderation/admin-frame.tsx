import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { ADMIN_APPEALS_PAGE_PATH, ADMIN_AUDIT_LOG_PAGE_PATH, ADMIN_REPORTS_PAGE_PATH } from '@shutter/contract';
import { useDocumentTitle, useT } from '../../lib/i18n/i18n';
import { useSession } from '../../state/session';
import { isNotStaff } from '../../state/queries/moderation';
import { NotFoundPage } from '../placeholders/placeholder-pages';
import { viewerIsStaff } from './staff';
import styles from './moderation.module.css';

const SECTIONS = [
  { to: ADMIN_REPORTS_PAGE_PATH, label: 'moderation.reports' },
  { to: ADMIN_APPEALS_PAGE_PATH, label: 'moderation.appeals' },
  { to: ADMIN_AUDIT_LOG_PAGE_PATH, label: 'moderation.auditLog' },
] as const;

/**
 * A staff screen: its heading and the moderation sections. To anyone else (the shared data's role,
 * or the admin API's 403) it is the app's "page isn't available", so nothing tells it exists.
 */
export function AdminFrame({ title, error, children }: { title: string; error: unknown; children: ReactNode }) {
  const t = useT();
  const { sharedData } = useSession();
  const refused = viewerIsStaff(sharedData) === false || isNotStaff(error);
  useDocumentTitle(refused ? null : title);
  if (refused) return <NotFoundPage />;
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{t('moderation.nav')}</h1>
      <nav className={styles.sections} aria-label={t('moderation.sections')}>
        {SECTIONS.map((section) => (
          <NavLink key={section.to} to={section.to} className={({ isActive }) => `${styles.section} ${isActive ? styles.sectionActive : ''}`}>
            {t(section.label)}
          </NavLink>
        ))}
      </nav>
      {children}
    </div>
  );
}
