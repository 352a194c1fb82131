import { Link } from 'react-router';
import { useT } from '../../lib/i18n/i18n';
import { STORY_CREATE_PATH } from '../../state/queries/story-reels';
import { Icon } from '../../ui/icon';
import { menuItemClass, PopupMenu } from '../../ui/popup-menu';

export const CREATE_PATH = '/create/style/';

interface CreateMenuProps {
  /** Up from the phone's tab bar. */
  placement?: 'down' | 'up';
  buttonClassName: string;
  className?: string;
}

/** The "+" of the navigation: a menu of what can be made, a post or a story. */
export function CreateMenu({ placement = 'down', buttonClassName, className }: CreateMenuProps) {
  const t = useT();
  const item = menuItemClass();
  return (
    <PopupMenu label={t('nav.create')} icon="plus" placement={placement} buttonClassName={buttonClassName} className={className} menuMinWidth={180}>
      {(close) => (
        <>
          <Link role="menuitem" className={item} to={CREATE_PATH} onClick={() => close(false)}>
            <Icon name="image" size={18} /> {t('nav.create.post')}
          </Link>
          <Link role="menuitem" className={item} to={STORY_CREATE_PATH} onClick={() => close(false)}>
            <Icon name="camera" size={18} /> {t('nav.create.story')}
          </Link>
        </>
      )}
    </PopupMenu>
  );
}
