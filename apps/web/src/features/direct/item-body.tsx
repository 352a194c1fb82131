import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { DirectItemResult } from '@shutter/contract';
import { useT } from '../../lib/i18n/i18n';
import { Avatar } from '../../ui/avatar';
import { Icon } from '../../ui/icon';
import { RichText } from '../posts/rich-text';
import type { ThreadItem } from './thread-items';
import styles from './thread.module.css';

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]'"]/gi;

/** Message text with its web addresses as links (opened apart), and its @mentions and #hashtags. */
export function LinkedText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    if (start > last) parts.push(<RichText key={`t${last}`} text={text.slice(last, start)} />);
    parts.push(
      <a key={`u${start}`} href={match[0]} target="_blank" rel="noopener noreferrer nofollow" className={styles.textLink}>
        {match[0]}
      </a>,
    );
    last = start + match[0].length;
  }
  if (last < text.length) parts.push(<RichText key={`t${last}`} text={text.slice(last)} />);
  return <>{parts}</>;
}

function Photo({ item, senderName }: { item: ThreadItem; senderName: string | null }) {
  const t = useT();
  const media = item.media;
  const candidate = media?.image_versions2.candidates[0];
  if (!media || !candidate) return <p className={styles.bubble}>{t('direct.item.unsupported')}</p>;
  const ratio = media.original_width > 0 && media.original_height > 0 ? `${media.original_width} / ${media.original_height}` : undefined;
  const alt = senderName ? t('direct.item.photoBy', { name: senderName }) : t('direct.item.photo');
  const image = <img className={styles.photo} src={candidate.url} alt={alt} style={{ aspectRatio: ratio }} loading="lazy" decoding="async" />;
  const progress = item.send?.state === 'uploading' ? Math.round((item.send.progress ?? 0) * 100) : null;
  return (
    <div className={styles.photoBox}>
      {item.send ? image : (
        <a href={candidate.url} target="_blank" rel="noopener noreferrer">
          {image}
        </a>
      )}
      {progress !== null ? (
        <div className={styles.progress} role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress} aria-label={t('direct.uploading', { percent: progress })}>
          <span className={styles.progressBar} style={{ width: `${progress}%` }} />
        </div>
      ) : null}
    </div>
  );
}

function SharedPost({ post }: { post: DirectItemResult['media_share'] }) {
  const t = useT();
  if (!post)
    return (
      <div className={styles.unavailable}>
        <strong>{t('direct.item.postUnavailable')}</strong>
        <span>{t('direct.item.postUnavailableBody')}</span>
      </div>
    );
  return (
    <Link to={`/p/${post.shortcode}/`} className={styles.postCard} aria-label={t('direct.item.postBy', { name: post.owner.username })}>
      <span className={styles.postOwner}>
        <Avatar src={post.owner.profile_pic_url} alt="" size={24} />
        <span>{post.owner.username}</span>
      </span>
      <img className={styles.postImage} src={post.display_url} alt="" loading="lazy" decoding="async" />
      {post.caption ? <span className={styles.postCaption}>{post.caption}</span> : null}
    </Link>
  );
}

function Story({ item, own }: { item: ThreadItem; own: boolean }) {
  const t = useT();
  const story = item.reel_share ?? item.story_share;
  const label =
    item.item_type === 'story_share'
      ? t('direct.item.storyShare', { name: story?.owner?.username ?? '' })
      : item.item_type === 'reel_react'
        ? t('direct.item.storyReact')
        : own
          ? t('direct.item.storyReplyOwn')
          : t('direct.item.storyReply');
  const thumbnail =
    story?.display_url && story.owner ? (
      <Link to={`/stories/${story.owner.username}/`} className={styles.storyThumb}>
        <img src={story.display_url} alt={label} loading="lazy" decoding="async" />
      </Link>
    ) : (
      <span className={styles.storyGone}>{t('direct.item.storyUnavailable')}</span>
    );
  return (
    <div className={styles.story}>
      <span className={styles.storyLabel}>{label}</span>
      {thumbnail}
      {story?.reaction_emoji ? <span className={styles.emoji}>{story.reaction_emoji}</span> : null}
      {story?.text ? (
        <p className={styles.bubble}>
          <LinkedText text={story.text} />
        </p>
      ) : null}
    </div>
  );
}

/** What an item shows, by its type (spec 002 §3, Direct item). */
export function ItemBody({ item, own, senderName }: { item: ThreadItem; own: boolean; senderName: string | null }) {
  const t = useT();
  switch (item.item_type) {
    case 'text':
      return (
        <p className={styles.bubble}>
          <LinkedText text={item.text ?? ''} />
        </p>
      );
    case 'like':
      return (
        <span className={styles.bigHeart} role="img" aria-label={t('direct.item.like')}>
          <Icon name="heart" size={44} filled />
        </span>
      );
    case 'media':
      return <Photo item={item} senderName={senderName} />;
    case 'link': {
      const context = item.link?.link_context;
      return (
        <div className={styles.linkItem}>
          <p className={styles.bubble}>
            <LinkedText text={item.link?.text ?? item.text ?? ''} />
          </p>
          {context ? (
            <a href={context.link_url} target="_blank" rel="noopener noreferrer nofollow" className={styles.linkCard}>
              {context.link_image_url ? <img src={context.link_image_url} alt="" loading="lazy" /> : null}
              <strong>{context.link_title || context.link_url}</strong>
              {context.link_summary ? <span>{context.link_summary}</span> : null}
            </a>
          ) : null}
        </div>
      );
    }
    case 'media_share':
      return <SharedPost post={item.media_share ?? null} />;
    case 'reel_share':
    case 'reel_react':
    case 'story_share':
      return <Story item={item} own={own} />;
    case 'action_log':
      return <span>{item.action_log?.description}</span>;
  }
}
