import { RESERVED_SEGMENTS, USERNAME_PATTERN, type DirectLinkResult } from '@shutter/contract';
import { profilePicUrls } from '../../platform/presenters.js';
import { shortcodeToId } from '../../platform/shortcodes.js';
import type { Storage } from '../../platform/storage.js';
import type { Access } from '../access/service.js';
import type { AccountsRepository } from '../accounts/repository.js';
import type { PostSummaries } from '../posts/summaries.js';

export type LinkContext = DirectLinkResult['link_context'];

/** Longest URL a message's link may be. */
export const LINK_URL_MAX_LENGTH = 2048;
const SUMMARY_MAX = 200;
/** The preview's image: the narrowest stored size at least this wide. */
const PREVIEW_WIDTH = 320;

/**
 * A link a person may send: an absolute http or https URL without credentials (a
 * `https://bank.example@evil.example/` reads as one host and goes to another). Null otherwise.
 */
export function parseLinkUrl(raw: string): URL | null {
  if (raw.length > LINK_URL_MAX_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname || url.username || url.password) return null;
  return url;
}

export type OwnTarget = { kind: 'post'; mediaId: string } | { kind: 'profile'; username: string };

const POST_PATH = /^\/(?:[A-Za-z0-9._]{1,30}\/)?(?:p|tv)\/([A-Za-z0-9_-]{1,11})\/?$/;
const PROFILE_PATH = /^\/([^/]+)\/?$/;

/** What a URL of this service's own origin shows: a post (`/p/{shortcode}/`) or a profile (`/{username}/`). */
export function ownTarget(url: URL, ownOrigin: string): OwnTarget | null {
  if (url.origin !== ownOrigin) return null;
  const post = POST_PATH.exec(url.pathname);
  if (post) {
    const mediaId = shortcodeToId(post[1]!);
    return mediaId ? { kind: 'post', mediaId } : null;
  }
  const profile = PROFILE_PATH.exec(url.pathname);
  if (profile && USERNAME_PATTERN.test(profile[1]!) && !RESERVED_SEGMENTS.has(profile[1]!.toLowerCase())) {
    return { kind: 'profile', username: profile[1]! };
  }
  return null;
}

/** What every link shows when nothing more may be said: its host, nothing fetched. */
export const plainContext = (url: URL): LinkContext => ({ link_url: url.href, link_title: url.hostname, link_summary: null, link_image_url: null });

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const nameOf = (u: { username: string; full_name: string }) => (u.full_name ? `${u.full_name} (@${u.username})` : `@${u.username}`);

export interface LinkContextDeps {
  publicUrl: string;
  posts: Pick<PostSummaries, 'many'>;
  access: Pick<Access, 'visibleMedia' | 'account'>;
  users: Pick<AccountsRepository, 'findByUsername'>;
  storage: Storage;
}

/**
 * A link's preview. Another site's page is never fetched: the service would make requests on a
 * sender's behalf into whatever network it runs in, and may run where there is no way out at all;
 * such a link shows its host. A post or profile of this service shows what its own page shows to
 * anyone: a post only when its account is public and no block stands between it and the sender,
 * a profile's header unless the account blocked the sender.
 */
export function createLinkContexts(deps: LinkContextDeps) {
  const ownOrigin = new URL(deps.publicUrl).origin;

  async function postContext(senderId: string, url: URL, mediaId: string): Promise<LinkContext> {
    const [forAnyone, forSender] = await Promise.all([deps.access.visibleMedia(null, [mediaId]), deps.access.visibleMedia(senderId, [mediaId])]);
    if (!forAnyone.has(mediaId) || !forSender.has(mediaId)) return plainContext(url);
    const { posts, people } = await deps.posts.many([mediaId]);
    const post = posts.get(mediaId);
    const owner = post && people.get(post.owner_id);
    if (!post || !owner) return plainContext(url);
    const variants = [...(post.items[0]?.variants ?? [])].sort((a, b) => a.width - b.width);
    const image = variants.find((v) => v.width >= PREVIEW_WIDTH) ?? variants[variants.length - 1];
    const who = nameOf(owner);
    return {
      link_url: url.href,
      link_title: post.caption ? `${who} on Shutter` : `Post by ${who}`,
      link_summary: post.caption ? clip(post.caption, SUMMARY_MAX) : null,
      link_image_url: image ? deps.storage.url(image.key) : null,
    };
  }

  async function profileContext(senderId: string, url: URL, username: string): Promise<LinkContext> {
    const user = await deps.users.findByUsername(username);
    if (!user || (await deps.access.account(senderId, user.id, user)).view === 'absent') return plainContext(url);
    const name = nameOf(user);
    return {
      link_url: url.href,
      link_title: name,
      link_summary: user.biography ? clip(user.biography, SUMMARY_MAX) : `See photos and videos from ${name} on Shutter.`,
      link_image_url: user.profile_pic_key ? profilePicUrls(user, deps.storage).profile_pic_url_hd : null,
    };
  }

  return {
    /** The preview of a URL that parseLinkUrl accepted, as the sender may show it to the thread. */
    async of(senderId: string, url: URL): Promise<LinkContext> {
      const target = ownTarget(url, ownOrigin);
      if (!target) return plainContext(url);
      return target.kind === 'post' ? postContext(senderId, url, target.mediaId) : profileContext(senderId, url, target.username);
    },
  };
}
export type LinkContexts = ReturnType<typeof createLinkContexts>;
