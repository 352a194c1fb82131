import type { FastifyRequest } from 'fastify';
import type { ClientRoute, LandingPageData, ProfileUser, SharedData } from '@shutter/contract';
import { presentViewer, profilePicUrls } from '../../platform/presenters.js';
import type { Storage } from '../../platform/storage.js';
import type { AuthRepository } from '../auth/repository.js';
import type { AuthService } from '../auth/service.js';
import type { FeedService } from '../feed/service.js';
import type { Access } from '../access/service.js';
import type { Activity } from '../activity/service.js';
import type { ProfileEdit } from '../accounts/profile-edit.js';
import type { ProfileTabs } from '../tabs/service.js';
import type { PostsService } from '../posts/service.js';
import { shortcodeToId } from '../../platform/shortcodes.js';
import { HttpError } from '../../platform/errors.js';
import type { ShellExtras, ShellMeta } from '../shell/html.js';
import { homeShell } from './home-shell.js';

export interface PageDeps {
  users: AuthRepository;
  auth: AuthService;
  storage: Storage;
  posts: PostsService;
  feed: FeedService;
  access: Access;
  activity: Activity;
  profileEdit: ProfileEdit;
  tabs: ProfileTabs;
  gdprRequired: boolean;
  tosVersion: string;
}

export interface PageResult {
  statusCode: number;
  body: Record<string, unknown>;
  meta: ShellMeta;
  /** Only in the HTML, not in the page data: what lets the page paint before any request. */
  shell?: ShellExtras;
}

const DESCRIPTION = 'Shutter: share photos and videos with the people you follow.';
const notAvailable = (): PageResult => ({
  statusCode: 404,
  body: { status: 'fail', message: "Sorry, this page isn't available." },
  meta: { title: 'Page not found' },
});

export function sharedData(request: FastifyRequest, deps: PageDeps): SharedData {
  const user = request.session?.user;
  return {
    config: { viewer: user ? presentViewer(user, deps.storage) : null, csrf_token: request.csrfToken },
    gdpr_required: deps.gdprRequired,
    tos_version: deps.tosVersion,
    language_code: 'en',
    status: 'ok',
  };
}

function landing(request: FastifyRequest, deps: PageDeps): LandingPageData {
  const next = (request.query as Record<string, unknown>).next;
  return {
    landing: {
      captcha_enabled: false,
      prefill_phone: null,
      redirect_url: typeof next === 'string' && next.startsWith('/') && !next.startsWith('//') ? next : '/',
      gdpr_required: deps.gdprRequired,
      tos_version: deps.tosVersion,
    },
    status: 'ok',
  };
}

async function profile(username: string, request: FastifyRequest, deps: PageDeps, suffix: string): Promise<PageResult> {
  const row = await deps.users.findByUsername(username);
  if (!row) return notAvailable();
  const viewerId = request.session?.user.id ?? null;
  const access = await deps.access.account(viewerId, row.id, row);
  // An account that blocked the viewer does not exist for them.
  if (access.view === 'absent') return notAvailable();
  // The saved tab belongs to its owner alone.
  if (suffix === 'saved' && request.session?.user.id !== row.id) return notAvailable();
  const pics = profilePicUrls(row, deps.storage);
  const [counts, tagged, firstPage] = await Promise.all([
    deps.feed.profileCounts(row.id, viewerId),
    deps.tabs.taggedCount(row.id),
    access.view === 'visible' ? deps.feed.profilePosts(row.id, viewerId, 12, null) : null,
  ]);
  const user: ProfileUser = {
    id: row.id,
    username: row.username,
    full_name: row.full_name,
    biography: row.biography,
    external_url: row.external_url,
    profile_pic_url: pics.profile_pic_url,
    profile_pic_url_hd: pics.profile_pic_url_hd,
    is_private: row.is_private,
    is_verified: row.is_verified,
    edge_followed_by: { count: counts.followers },
    edge_follow: { count: counts.following },
    edge_owner_to_timeline_media: firstPage ? { count: counts.posts, edges: firstPage.edges, page_info: firstPage.page_info } : { count: counts.posts },
    edge_user_to_photos_of_you: { count: tagged },
    followed_by_viewer: access.rel.following,
    follows_viewer: access.rel.followed_by,
    requested_by_viewer: access.rel.requested,
    has_requested_viewer: access.rel.has_requested_viewer,
    blocked_by_viewer: access.rel.blocking,
  };
  const name = row.full_name ? `${row.full_name} (@${row.username})` : `@${row.username}`;
  return {
    statusCode: 200,
    body: {
      graphql: { user },
      // Chaining shows on other people's profiles when their owner allows it (the edit form's switch).
      show_suggested_profiles: viewerId !== null && viewerId !== row.id && row.chaining_enabled && !access.rel.blocking,
      status: 'ok',
    },
    meta: { title: name, description: row.biography || `See photos and videos from ${name} on Shutter.`, image: pics.profile_pic_url_hd, type: 'profile' },
  };
}

async function post(code: string, request: FastifyRequest, deps: PageDeps): Promise<PageResult> {
  const id = shortcodeToId(code);
  if (!id) return notAvailable();
  try {
    const media = await deps.posts.page(id, request.session?.user.id ?? null);
    const caption = media.edge_media_to_caption.edges[0]?.node.text ?? '';
    const who = media.owner.full_name ? `${media.owner.full_name} (@${media.owner.username})` : `@${media.owner.username}`;
    return {
      statusCode: 200,
      body: { graphql: { shortcode_media: media }, status: 'ok' },
      meta: {
        title: caption ? `${who} on Shutter: “${caption.slice(0, 80)}${caption.length > 80 ? '…' : ''}”` : `Post by ${who}`,
        description: caption || `A post by ${who} on Shutter.`,
        image: media.display_url,
        type: media.is_video ? 'video.other' : 'article',
      },
    };
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 404) return notAvailable();
    throw err;
  }
}

/** The JSON a route's screen needs (its page data) and the title and tags of its HTML. */
export async function loadPage(route: ClientRoute, request: FastifyRequest, deps: PageDeps, wantsHtml = true): Promise<PageResult> {
  const params = request.params as Record<string, string>;
  const session = request.session;
  if (route.access === 'protected' && !session) {
    return { statusCode: 401, body: { status: 'fail', message: 'Log in to continue.' }, meta: { title: route.title ?? 'Shutter' } };
  }
  switch (route.page) {
    case 'home':
      if (!session) return { statusCode: 200, body: { ...landing(request, deps) }, meta: { title: 'Shutter', description: DESCRIPTION }, shell: { prerendered: 'landing' } };
      return {
        statusCode: 200,
        body: { viewer: presentViewer(session.user, deps.storage), status: 'ok' },
        meta: { title: 'Shutter' },
        // Page data (?__a=1) is for client navigations, which fetch the feed themselves.
        shell: wantsHtml ? await homeShell(request, session.user.id, deps.feed) : undefined,
      };
    case 'login':
    case 'signup':
      return { statusCode: 200, body: { ...landing(request, deps) }, meta: { title: route.title!, description: DESCRIPTION } };
    case 'profile': {
      const suffix = route.path.split('/')[2] ?? '';
      return profile(params.username ?? '', request, deps, suffix);
    }
    case 'post':
      return post(params.code ?? '', request, deps);
    case 'hashtag': {
      const tag = (params.tag ?? '').replace(/^#/, '');
      if (!/^[\p{L}\p{N}_]{1,100}$/u.test(tag)) return notAvailable();
      const hashtag = await deps.feed.hashtag(tag, session?.user.id ?? null, 12, null);
      return { statusCode: 200, body: { graphql: { hashtag }, status: 'ok' }, meta: { title: `#${hashtag.name}`, description: `Photos and videos tagged #${hashtag.name} on Shutter.` } };
    }
    case 'location': {
      if (!/^\d{1,19}$/.test(params.id ?? '')) return notAvailable();
      try {
        const location = await deps.feed.location(params.id!, session?.user.id ?? null, 12, null);
        return { statusCode: 200, body: { graphql: { location }, status: 'ok' }, meta: { title: location.name, description: `Photos and videos taken at ${location.name} on Shutter.` } };
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 404) return notAvailable();
        throw err;
      }
    }
    case 'activity':
      return { statusCode: 200, body: { graphql: { user: { activity_feed: await deps.activity.feed(session!.user.id) } }, status: 'ok' }, meta: { title: route.title! } };
    case 'edit-profile':
      return { statusCode: 200, body: { form_data: await deps.profileEdit.form(session!.user.id), status: 'ok' }, meta: { title: route.title! } };
    case 'login-activity': {
      const page = await deps.auth.listSessions(session!.user.id, session!.sessionId, 50, null);
      return { statusCode: 200, body: { ...page, status: 'ok' }, meta: { title: route.title! } };
    }
    default:
      return { statusCode: 200, body: { status: 'ok' }, meta: { title: route.title ?? 'Shutter' } };
  }
}

export { notAvailable };
