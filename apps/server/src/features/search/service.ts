import { randomUUID } from 'node:crypto';
import { messageText, RECENT_SEARCHES_MAX, TOPSEARCH_BLENDED_LIMITS, TOPSEARCH_SINGLE_LIMIT, type CodedMessage } from '@shutter/contract';
import type { RecentSearchItem, SearchHashtagResult, SearchPlaceResult, SearchUserResult, TopSearchAnswer } from '@shutter/contract';
import { notFound } from '../../platform/errors.js';
import { presentUserSummary } from '../../platform/presenters.js';
import type { Storage } from '../../platform/storage.js';
import type { UserSearch, UserSearchRow } from '../accounts/user-search.js';
import type { RingWithUnseen, StoryRings } from '../stories/rings.js';
import type { Suggestions } from '../suggestions/service.js';
import { fold } from '../../platform/fold.js';
import { personCloseness, typosAllowed } from './closeness.js';
import type { RecentKind, SearchRepository } from './repository.js';
import type { PlaceHit } from '../places/service.js';
import type { HashtagHit, RecentSources, SearchSources } from './sources.js';
import type { Access } from '../access/service.js';
import { ANY_WRITE, EVERYONES_HITS, keptSearch, ringsLiveUntil, SEARCH_VISITOR, type PreparedHits, type PreparedSearch, type SearchHits } from './prepared-search.js';

export type SearchContext = 'blended' | 'user' | 'hashtag' | 'place';
/** The null state's sections, by type: what the viewer may hide. */
export const NULL_STATE_SECTIONS = ['suggested'] as const;
const SUGGESTED_IN_NULL_STATE = 6;
/** What a box holding only '#' (hashtags) or '@' (people) suggests. */
const SUGGESTED_FOR_PREFIX = 12;

export interface TopSearchInput {
  context: SearchContext;
  query: string;
  rankToken: string | null;
  near: { lat: number; lng: number } | null;
  /** Rings for the people found (include_reel). */
  includeReel?: boolean;
}

export interface SearchDeps {
  repo: SearchRepository;
  users: UserSearch;
  sources: SearchSources;
  recentSources: RecentSources;
  suggestions: Suggestions;
  storage: Storage;
  rings: Pick<StoryRings, 'read'>;
  /** Answers kept ready, served again while the access rules still allow them. */
  prepared?: { answers: PreparedSearch; access: Pick<Access, 'allStillThere'> };
  /** Hashtags and places of queries asked lately, kept for everyone. */
  hits?: PreparedHits;
}

const socialContext = (r: Pick<UserSearchRow, 'followed_by_viewer' | 'follows_viewer' | 'mutual_username'>): CodedMessage | null => {
  if (r.followed_by_viewer) return { code: 'search_following' };
  if (r.follows_viewer) return { code: 'search_follows_you' };
  if (r.mutual_username) return { code: 'followed_by', params: { username: r.mutual_username } };
  return null;
};

/**
 * Search: top search (people from accounts, hashtags and places from their areas), in one order
 * by position; the null state's sections; and the viewer's recent searches.
 */
export function createSearch({ repo, users, sources, recentSources, suggestions, storage, rings, prepared, hits }: SearchDeps) {
  const noRings = new Map<string, RingWithUnseen>();
  const presentUser = (r: UserSearchRow, shown: Map<string, RingWithUnseen>): SearchUserResult => {
    const context = socialContext(r);
    const contextText = context ? messageText(context) : null;
    return {
      ...presentUserSummary(r, storage),
      pk: r.id,
      followed_by_viewer: r.followed_by_viewer,
      follows_viewer: r.follows_viewer,
      search_social_context: contextText,
      search_social_context_message: context,
      subtitle: [r.full_name, contextText].filter(Boolean).join(' • '),
      unseen_count: shown.get(r.id)?.unseen ?? 0,
      reel: shown.get(r.id)?.ring ?? null,
    };
  };
  const presentHashtag = (h: HashtagHit): SearchHashtagResult => ({
    id: h.id, fbid: h.id, name: h.name, media_count: h.media_count, search_result_subtitle: `${h.media_count} ${h.media_count === 1 ? 'post' : 'posts'}`,
  });
  const presentPlace = (p: PlaceHit): SearchPlaceResult => ({
    location: { pk: p.id, name: p.name, slug: p.slug, city: p.city, country: p.country, lat: p.lat, lng: p.lng },
    title: p.name,
    subtitle: [p.city, p.region, p.country].filter((part) => part && part !== p.name).join(', '),
    slug: p.slug,
    media_count: p.media_count,
  });

  const emptyAnswer = (rankToken: string): TopSearchAnswer => ({ users: [], hashtags: [], places: [], rank_token: rankToken, has_more: false, status: 'ok' });

  /** The ids of the viewer's recent searches of one kind, newest first. */
  async function recentIds(viewerId: string | null, kind: RecentKind): Promise<string[]> {
    if (!viewerId) return [];
    return (await repo.recent(viewerId, RECENT_SEARCHES_MAX)).filter((r) => r.kind === kind).map((r) => r.entity_id);
  }

  /** For a lone '#': the hashtags the viewer searched lately, then those with the most posts anyone may see. */
  async function suggestedHashtags(viewerId: string | null): Promise<HashtagHit[]> {
    const names = await recentIds(viewerId, 'hashtag');
    const [recentTags, popular] = await Promise.all([recentSources.hashtagsByName(names), sources.popularHashtags(SUGGESTED_FOR_PREFIX)]);
    const byName = new Map(recentTags.filter((h) => h.media_count > 0).map((h) => [h.name, h]));
    const tags = names.flatMap((n) => byName.get(n) ?? []);
    const shown = new Set(tags.map((h) => h.name));
    return [...tags, ...popular.filter((h) => !shown.has(h.name))].slice(0, SUGGESTED_FOR_PREFIX);
  }

  /** For a lone '@': the people the viewer searched lately, then the people suggested to them; none for a visitor. */
  async function suggestedPeople(viewerId: string | null): Promise<UserSearchRow[]> {
    if (!viewerId) return [];
    const [recentPeople, suggested] = await Promise.all([recentIds(viewerId, 'user'), suggestions.list(viewerId, SUGGESTED_FOR_PREFIX, [])]);
    const ids = [...new Set([...recentPeople, ...suggested.edges.map((e) => e.node.user.id)])].filter((id) => id !== viewerId);
    const rows = new Map((await users.byIds(viewerId, ids)).map((u) => [u.id, u]));
    return ids.flatMap((id) => rows.get(id) ?? []).slice(0, SUGGESTED_FOR_PREFIX);
  }

  /**
   * People for a query, in the order the list shows them: the account whose username is the query,
   * then people the viewer follows or searched lately, then everyone else; within each, the closest
   * match first (exact, then starting with the query, then by typos), then people who follow the
   * viewer, then the most followed. People searched lately are found even when the bounded candidate
   * reads missed them.
   */
  async function people(viewerId: string | null, query: string, limit: number): Promise<UserSearchRow[]> {
    const [found, recentPeople] = await Promise.all([users.matching(viewerId, query, limit * 2 + 1), recentIds(viewerId, 'user')]);
    const recent = new Set(recentPeople);
    const have = new Set(found.map((u) => u.id));
    const missing = recentPeople.filter((id) => !have.has(id));
    const reach = 1 + typosAllowed(query);
    const extra = missing.length ? (await users.byIds(viewerId, missing)).filter((u) => personCloseness(query, u) <= reach) : [];
    const folded = fold(query);
    const ranked = [...found, ...extra].map((u, index) => ({
      u,
      index,
      group: fold(u.username) === folded ? 0 : u.followed_by_viewer || recent.has(u.id) ? 1 : 2,
      closeness: personCloseness(query, u),
    }));
    ranked.sort((a, b) => a.group - b.group || a.closeness - b.closeness || Number(b.u.follows_viewer) - Number(a.u.follows_viewer) || a.index - b.index);
    return ranked.map((r) => r.u);
  }

  async function topsearch(viewerId: string | null, input: TopSearchInput): Promise<TopSearchAnswer> {
    const raw = input.query.trim();
    // '#' asks for hashtags only and '@' for people only, as in a caption.
    const context: SearchContext = raw.startsWith('#') ? 'hashtag' : raw.startsWith('@') ? 'user' : input.context;
    const query = raw.replace(/^[@#]+/, '').trim();
    const rankToken = input.rankToken ?? randomUUID();
    if (!query) {
      // A lone '#' or '@' suggests what it asks for: hashtags, or people.
      const answer = emptyAnswer(rankToken);
      if (raw.startsWith('#')) {
        answer.hashtags = (await suggestedHashtags(viewerId)).map((h, position) => ({ position, hashtag: presentHashtag(h) }));
      } else if (raw.startsWith('@')) {
        const shown = await suggestedPeople(viewerId);
        const ringsShown = input.includeReel ? await rings.read(viewerId, shown.map((u) => u.id)) : noRings;
        answer.users = shown.map((u, position) => ({ position, user: presentUser(u, ringsShown) }));
      }
      return answer;
    }
    if (!prepared) return { ...(await found(viewerId, context, query, input)), rank_token: rankToken };
    // The same search again (typing ahead, a popular name) is answered as it was built.
    const variant = JSON.stringify([context, query, input.near, Boolean(input.includeReel)]);
    const kept = await keptSearch(prepared.answers, prepared.access, viewerId, variant);
    if (kept) return { ...kept, rank_token: rankToken };
    const ticket = prepared.answers.ticket();
    const answer = await found(viewerId, context, query, input);
    const people = answer.users.map((u) => u.user.pk);
    prepared.answers.keep(viewerId ?? SEARCH_VISITOR, variant, ticket, {
      answer: { answer, people, until: ringsLiveUntil(answer, Date.now()) }, skeleton: [], shown: people, named: context === 'user' ? [] : [ANY_WRITE],
    });
    return { ...answer, rank_token: rankToken };
  }

  /** A query's hashtags and places (one more of each than shown, for has_more), as kept for everyone when someone asked lately. */
  async function hitsFor(query: string, near: TopSearchInput['near'], limits: { hashtags: number; places: number }): Promise<SearchHits> {
    if (!limits.hashtags && !limits.places) return { hashtags: [], places: [] };
    const variant = JSON.stringify([query, near, limits.hashtags, limits.places]);
    const kept = hits?.get(EVERYONES_HITS, variant)?.answer;
    if (kept) return kept;
    const ticket = hits?.ticket();
    const [hashtags, places] = await Promise.all([
      limits.hashtags ? sources.hashtags(query, limits.hashtags + 1) : [],
      limits.places ? sources.places(query, near, limits.places + 1) : [],
    ]);
    if (hits) hits.keep(EVERYONES_HITS, variant, ticket!, { answer: { hashtags, places }, skeleton: [], shown: [], named: [ANY_WRITE] });
    return { hashtags, places };
  }

  /** People, hashtags and places for a query that is not empty, in one order by position. */
  async function found(viewerId: string | null, context: SearchContext, query: string, input: TopSearchInput): Promise<Omit<TopSearchAnswer, 'rank_token'>> {
    const limits = {
      users: context === 'blended' ? TOPSEARCH_BLENDED_LIMITS.users : context === 'user' ? TOPSEARCH_SINGLE_LIMIT : 0,
      hashtags: context === 'blended' ? TOPSEARCH_BLENDED_LIMITS.hashtags : context === 'hashtag' ? TOPSEARCH_SINGLE_LIMIT : 0,
      places: context === 'blended' ? TOPSEARCH_BLENDED_LIMITS.places : context === 'place' ? TOPSEARCH_SINGLE_LIMIT : 0,
    };
    const [found, { hashtags: tags, places }] = await Promise.all([
      limits.users ? people(viewerId, query, limits.users) : ([] as UserSearchRow[]),
      hitsFor(query, input.near, limits),
    ]);
    const shownPeople = found.slice(0, limits.users);
    const ringsShown = input.includeReel ? await rings.read(viewerId, shownPeople.map((u) => u.id)) : noRings;
    const has_more = found.length > limits.users || tags.length > limits.hashtags || places.length > limits.places;
    const folded = fold(query);
    // The tiers hashtags and places have: 0 exact, 1 the name or a word of it starts with the query, 2 close.
    const tierOf = (name: string) => {
      const n = fold(name);
      if (n === folded) return 0;
      return n.startsWith(folded) || n.split(/\s+/).some((w) => w.startsWith(folded)) ? 1 : 2;
    };
    // One blended order: people first, as ranked above; then hashtags and places by how well
    // their name matches, a hashtag before a place of the same tier and the two kinds alternating.
    const others = [
      ...tags.slice(0, limits.hashtags).map((h, i) => ({ tier: tierOf(h.name), rank: i * 2, kind: 'hashtag' as const, item: h })),
      ...places.slice(0, limits.places).map((p, i) => ({ tier: tierOf(p.name), rank: i * 2 + 1, kind: 'place' as const, item: p })),
    ].sort((a, b) => a.tier - b.tier || a.rank - b.rank);
    const answer: Omit<TopSearchAnswer, 'rank_token'> = { users: [], hashtags: [], places: [], has_more, status: 'ok' };
    shownPeople.forEach((u, position) => answer.users.push({ position, user: presentUser(u, ringsShown) }));
    others.forEach((e, i) => {
      const position = shownPeople.length + i;
      if (e.kind === 'hashtag') answer.hashtags.push({ position, hashtag: presentHashtag(e.item) });
      else answer.places.push({ position, place: presentPlace(e.item) });
    });
    return answer;
  }

  /** The entries of the viewer's history that still exist, newest first; gone ones are dropped from it. */
  async function recent(viewerId: string): Promise<RecentSearchItem[]> {
    const rows = await repo.recent(viewerId, RECENT_SEARCHES_MAX);
    const idsOf = (kind: RecentKind) => rows.filter((r) => r.kind === kind).map((r) => r.entity_id);
    const [people, tags, places] = await Promise.all([
      users.byIds(viewerId, idsOf('user')), recentSources.hashtagsByName(idsOf('hashtag')), recentSources.placesById(idsOf('place')),
    ]);
    const ringsShown = await rings.read(viewerId, people.map((u) => u.id));
    const found = {
      user: new Map(people.map((u) => [u.id, u])),
      hashtag: new Map(tags.filter((h) => h.media_count > 0).map((h) => [h.name, h])),
      place: new Map(places.map((p) => [p.id, p])),
    };
    const items: RecentSearchItem[] = [];
    const gone: Record<RecentKind, string[]> = { user: [], hashtag: [], place: [] };
    for (const row of rows) {
      const position = items.length;
      if (row.kind === 'user') {
        const u = found.user.get(row.entity_id);
        if (u) items.push({ position, user: presentUser(u, ringsShown) });
        else gone.user.push(row.entity_id);
      } else if (row.kind === 'hashtag') {
        const h = found.hashtag.get(row.entity_id);
        if (h) items.push({ position, hashtag: presentHashtag(h) });
        else gone.hashtag.push(row.entity_id);
      } else {
        const p = found.place.get(row.entity_id);
        if (p) items.push({ position, place: presentPlace(p) });
        else gone.place.push(row.entity_id);
      }
    }
    // A person blocked either way is hidden, not forgotten: unblocking brings the entry back.
    const stillThere = new Set((await users.byIds(null, gone.user)).map((u) => u.id));
    gone.user = gone.user.filter((id) => !stillThere.has(id));
    await Promise.all((Object.keys(gone) as RecentKind[]).map((kind) => repo.remove(viewerId, kind, gone[kind])));
    return items;
  }

  return {
    topsearch,
    recent,

    async nullStateSections(viewerId: string, type: SearchContext) {
      const hidden = await repo.hiddenSections(viewerId);
      const sections = [];
      if ((type === 'blended' || type === 'user') && !hidden.has('suggested')) {
        const { edges } = await suggestions.list(viewerId, SUGGESTED_IN_NULL_STATE, []);
        const ids = edges.map((e) => e.node.user.id);
        const [found, ringsShown] = await Promise.all([users.byIds(viewerId, ids), rings.read(viewerId, ids)]);
        const rows = new Map(found.map((u) => [u.id, u]));
        const items = ids.flatMap((id) => {
          const row = rows.get(id);
          return row ? [{ user: presentUser(row, ringsShown) }] : [];
        }).map((item, position) => ({ position, ...item }));
        const title: CodedMessage = { code: 'suggested_for_you' };
        if (items.length) sections.push({ type: 'suggested', title: messageText(title), title_message: title, items });
      }
      return sections;
    },

    /** Records a result the viewer opened; it must exist for them. */
    async register(viewerId: string, kind: RecentKind, entityId: string): Promise<void> {
      const exists = kind === 'user'
        ? (await users.byIds(viewerId, [entityId])).length > 0
        : kind === 'hashtag'
          ? (await recentSources.hashtagsByName([entityId])).some((h) => h.media_count > 0)
          : (await recentSources.placesById([entityId])).length > 0;
      if (!exists) throw notFound();
      await repo.register(viewerId, kind, entityId, RECENT_SEARCHES_MAX);
    },

    async hide(viewerId: string, lists: { user: string[]; hashtag: string[]; place: string[]; section: string[] }) {
      await Promise.all([
        repo.remove(viewerId, 'user', lists.user),
        repo.remove(viewerId, 'hashtag', lists.hashtag),
        repo.remove(viewerId, 'place', lists.place),
        repo.hideSections(viewerId, lists.section),
      ]);
    },

    clear: repo.clear,
  };
}
export type Search = ReturnType<typeof createSearch>;
