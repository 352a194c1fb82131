import { Link } from 'react-router';
import type { StoryItemResult } from '@shutter/contract';
import { useT } from '../../lib/i18n/i18n';
import styles from './story-frame.module.css';

type Tappable = StoryItemResult['tappable_objects'][number];

function linkOf(sticker: Tappable): { to: string; label: 'stories.viewer.mention' | 'stories.viewer.hashtag' | 'stories.viewer.location'; vars: Record<string, string> } | null {
  if (sticker.type === 'mention' && sticker.user) return { to: `/${sticker.user.username}/`, label: 'stories.viewer.mention', vars: { username: sticker.user.username } };
  if (sticker.type === 'hashtag' && sticker.hashtag) {
    const name = sticker.hashtag.name.replace(/^#/, '');
    return { to: `/explore/tags/${encodeURIComponent(name)}/`, label: 'stories.viewer.hashtag', vars: { name } };
  }
  if (sticker.type === 'location' && sticker.location) return { to: `/explore/locations/${sticker.location.id}/`, label: 'stories.viewer.location', vars: { name: sticker.location.name } };
  return null;
}

/**
 * The story's tappable stickers over its picture (which already shows them): a mention opens the
 * profile, a hashtag its posts, a place its page.
 */
export function StoryStickers({ item }: { item: StoryItemResult }) {
  const t = useT();
  return (
    <>
      {item.tappable_objects.map((sticker, i) => {
        const link = linkOf(sticker);
        if (!link) return null;
        const style = {
          left: `${(sticker.x - sticker.width / 2) * 100}%`,
          top: `${(sticker.y - sticker.height / 2) * 100}%`,
          width: `${sticker.width * 100}%`,
          height: `${sticker.height * 100}%`,
          transform: sticker.rotation ? `rotate(${sticker.rotation}rad)` : undefined,
        };
        return <Link key={i} to={link.to} className={styles.sticker} style={style} aria-label={t(link.label, link.vars)} />;
      })}
    </>
  );
}
