import { useState } from 'react';
import { Link } from 'react-router';
import { ADMIN_REPORTS_PAGE_PATH, type Viewer } from '@shutter/contract';
import { SwitchAccountDialog } from '../../features/auth/switch-account-dialog';
import { useLogout } from '../../features/auth/use-logout';
import { viewerIsStaff } from '../../features/moderation/staff';
import { setDataSaverMode, useDataSaver } from '../../lib/data-saver';
import { useI18n } from '../../lib/i18n/i18n';
import { Icon } from '../../ui/icon';
import { MenuItemButton, menuItemClass, menuSeparatorClass, PopupMenu } from '../../ui/popup-menu';
import { useSession } from '../../state/session';
import styles from './nav.module.css';

/** The viewer's menu: profile, settings, login activity, password, language, switch account, log out. */
export function AccountMenu({ viewer, placement = 'down' }: { viewer: Viewer; placement?: 'down' | 'up' }) {
  const { t, locale, setLocale } = useI18n();
  const logout = useLogout();
  const dataSaver = useDataSaver();
  const [switching, setSwitching] = useState(false);
  const staff = viewerIsStaff(useSession().sharedData) === true;
  const otherLocale = locale === 'en' ? 'es' : 'en';
  const item = menuItemClass();

  return (
    <>
      <PopupMenu label={t('nav.accountMenu')} icon="menu" placement={placement} buttonClassName={styles.iconButton} menuMinWidth={240}>
        {(close) => (
          <>
            <Link role="menuitem" className={item} to={viewer.username ? `/${viewer.username}/` : '/'} onClick={() => close(false)}>
              <Icon name="user" size={18} /> {t('nav.menu.profile')}
            </Link>
            <Link role="menuitem" className={item} to="/accounts/edit/" onClick={() => close(false)}>
              <Icon name="settings" size={18} /> {t('nav.menu.settings')}
            </Link>
            <Link role="menuitem" className={item} to="/archive/stories/" onClick={() => close(false)}>
              <Icon name="clock" size={18} /> {t('highlights.archiveLink')}
            </Link>
            <Link role="menuitem" className={item} to="/accounts/close_friends/" onClick={() => close(false)}>
              <Icon name="users" size={18} /> {t('closeFriends.title')}
            </Link>
            {staff ? (
              <Link role="menuitem" className={item} to={ADMIN_REPORTS_PAGE_PATH} onClick={() => close(false)}>
                <Icon name="shield" size={18} /> {t('moderation.nav')}
              </Link>
            ) : null}
            <Link role="menuitem" className={item} to="/session/login_activity/" onClick={() => close(false)}>
              <Icon name="clock" size={18} /> {t('nav.menu.loginActivity')}
            </Link>
            <Link role="menuitem" className={item} to="/accounts/password/change/" onClick={() => close(false)}>
              <Icon name="lock" size={18} /> {t('nav.menu.changePassword')}
            </Link>
            <MenuItemButton onSelect={() => setLocale(otherLocale)}>
              <Icon name="globe" size={18} /> {t('nav.menu.switchLanguage', { language: t(`locale.${otherLocale}`) })}
            </MenuItemButton>
            <button role="menuitemcheckbox" aria-checked={dataSaver.stored} type="button" className={item} onClick={() => setDataSaverMode(!dataSaver.stored)}>
              <Icon name={dataSaver.stored ? 'check' : 'film'} size={18} /> {t('dataSaver.toggle')}
            </button>
            <div className={menuSeparatorClass} role="separator" />
            <MenuItemButton
              onSelect={() => {
                close(false);
                setSwitching(true);
              }}
            >
              {t('nav.menu.switchAccount')}
            </MenuItemButton>
            <MenuItemButton onSelect={() => void logout('/')}>{t('nav.menu.logOut')}</MenuItemButton>
          </>
        )}
      </PopupMenu>
      <SwitchAccountDialog open={switching} username={viewer.username} onClose={() => setSwitching(false)} />
    </>
  );
}
