import type { NullStateSectionResult, RecentSearchItem, SearchHashtagResult, SearchPlaceResult, SearchUserResult, TopSearchAnswer } from '@shutter/contract';

/** One row of a search list: a person, a hashtag or a place, at its position. */
export type SearchItem =
  | { kind: 'user'; key: string; position: number; user: SearchUserResult }
  | { kind: 'hashtag'; key: string; position: number; hashtag: SearchHashtagResult }
  | { kind: 'place'; key: string; position: number; place: SearchPlaceResult };

export interface SearchSection {
  type: string;
  title: string;
  items: SearchItem[];
}

const byPosition = (a: SearchItem, b: SearchItem) => a.position - b.position;

/** The result key: pk for people, fbid for hashtags, the location id for places. */
export const userItem = (position: number, user: SearchUserResult): SearchItem => ({ kind: 'user', key: `user:${user.pk}`, position, user });
export const hashtagItem = (position: number, hashtag: SearchHashtagResult): SearchItem => ({ kind: 'hashtag', key: `hashtag:${hashtag.fbid}`, position, hashtag });
export const placeItem = (position: number, place: SearchPlaceResult): SearchItem => ({ kind: 'place', key: `place:${place.location.pk}`, position, place });

/** A top search answer as one list ordered by position. */
export function resultsOf(answer: Pick<TopSearchAnswer, 'users' | 'hashtags' | 'places'>): SearchItem[] {
  return [
    ...answer.users.map((r) => userItem(r.position, r.user)),
    ...answer.hashtags.map((r) => hashtagItem(r.position, r.hashtag)),
    ...answer.places.map((r) => placeItem(r.position, r.place)),
  ].sort(byPosition);
}

/** Recent entries (or a section's items) ordered by position; an entry with no person, hashtag or place is dropped with a warning. */
export function recentOf(items: RecentSearchItem[], warn: (message: string) => void = console.warn): SearchItem[] {
  return items.flatMap((r): SearchItem[] => {
    if (r.user) return [userItem(r.position, r.user)];
    if (r.hashtag) return [hashtagItem(r.position, r.hashtag)];
    if (r.place) return [placeItem(r.position, r.place)];
    warn(`Recent search at position ${r.position} has no user, hashtag or place; dropped.`);
    return [];
  }).sort(byPosition);
}

export function sectionsOf(sections: NullStateSectionResult[], warn?: (message: string) => void): SearchSection[] {
  return sections.map((s) => ({ type: s.type, title: s.title, items: recentOf(s.items, warn) })).filter((s) => s.items.length > 0);
}

/** Where a result leads. */
export function hrefOf(item: SearchItem): string {
  if (item.kind === 'user') return `/${item.user.username}/`;
  if (item.kind === 'hashtag') return `/explore/tags/${encodeURIComponent(item.hashtag.name)}/`;
  return `/explore/locations/${item.place.location.pk}/${item.place.slug}/`;
}

/** What register_recent_search records for a result. */
export function entityOf(item: SearchItem): { entity_type: SearchItem['kind']; entity_id: string } {
  if (item.kind === 'user') return { entity_type: 'user', entity_id: item.user.pk };
  if (item.kind === 'hashtag') return { entity_type: 'hashtag', entity_id: item.hashtag.name };
  return { entity_type: 'place', entity_id: item.place.location.pk };
}
