import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Viewer } from '@shutter/contract';
import { SwitchAccountDialog } from '../../features/auth/switch-account-dialog';
import { useLogout } from '../../features/auth/use-logout';
import { setDataSaverMode, useDataSaver } from '../../lib/data-saver';
import { useI18n } from '../../lib/i18n/i18n';
import { Icon } from '../../ui/icon';
import { useDismiss } from './use-dismiss';
import styles from './nav.module.css';
import { menuKeys } from '../../ui/menu-keys';

/** The viewer's menu: profile, settings, login activity, password, language, switch account, log out. */
export function AccountMenu({ viewer, placement = 'down' }: { viewer: Viewer; placement?: 'down' | 'up' }) {
  const { t, locale, setLocale } = useI18n();
  const logout = useLogout();
  const dataSaver = useDataSaver();
  const [open, setOpen] = useState(false);
  const [switching, setSwitching] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const refs = useMemo(() => [buttonRef, menuRef], []);
  const menuId = useId();
  const otherLocale = locale === 'en' ? 'es' : 'en';

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  }, []);
  useDismiss(open, refs, close);

  const { onMenuKey, openMenu } = menuKeys(menuRef, setOpen);

  return (
    <div className={styles.menuAnchor}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.iconButton}
        aria-label={t('nav.accountMenu')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openMenu())}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            openMenu();
          }
        }}
      >
        <Icon name="menu" />
      </button>
      {open ? (
        <div ref={menuRef} id={menuId} role="menu" aria-label={t('nav.accountMenu')} className={`${styles.menu} ${placement === 'up' ? styles.menuUp : ''}`} onKeyDown={onMenuKey}>
          <Link role="menuitem" className={styles.menuItem} to={viewer.username ? `/${viewer.username}/` : '/'} onClick={() => setOpen(false)}>
            <Icon name="user" size={18} /> {t('nav.menu.profile')}
          </Link>
          <Link role="menuitem" className={styles.menuItem} to="/accounts/edit/" onClick={() => setOpen(false)}>
            <Icon name="settings" size={18} /> {t('nav.menu.settings')}
          </Link>
          <Link role="menuitem" className={styles.menuItem} to="/session/login_activity/" onClick={() => setOpen(false)}>
            <Icon name="clock" size={18} /> {t('nav.menu.loginActivity')}
          </Link>
          <Link role="menuitem" className={styles.menuItem} to="/accounts/password/change/" onClick={() => setOpen(false)}>
            <Icon name="lock" size={18} /> {t('nav.menu.changePassword')}
          </Link>
          <button role="menuitem" type="button" className={styles.menuItem} onClick={() => setLocale(otherLocale)}>
            <Icon name="globe" size={18} /> {t('nav.menu.switchLanguage', { language: t(`locale.${otherLocale}`) })}
          </button>
          <button role="menuitemcheckbox" aria-checked={dataSaver.stored} type="button" className={styles.menuItem} onClick={() => setDataSaverMode(!dataSaver.stored)}>
            <Icon name={dataSaver.stored ? 'check' : 'film'} size={18} /> {t('dataSaver.toggle')}
          </button>
          <div className={styles.menuSeparator} role="separator" />
          <button
            role="menuitem"
            type="button"
            className={styles.menuItem}
            onClick={() => {
              setOpen(false);
              setSwitching(true);
            }}
          >
            {t('nav.menu.switchAccount')}
          </button>
          <button role="menuitem" type="button" className={styles.menuItem} onClick={() => void logout('/')}>
            {t('nav.menu.logOut')}
          </button>
        </div>
      ) : null}
      <SwitchAccountDialog open={switching} username={viewer.username} onClose={() => setSwitching(false)} />
    </div>
  );
}
