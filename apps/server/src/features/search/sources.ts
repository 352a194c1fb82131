import type { PlaceHit } from '../places/service.js';

/**
 * What search reads from the areas that own hashtags and places. Top search asks these; the
 * owning areas implement them, and app.ts wires one in.
 */
export interface HashtagHit {
  id: string;
  name: string;
  media_count: number;
}

export interface SearchSources {
  hashtags(query: string, limit: number): Promise<HashtagHit[]>;
  places(query: string, near: { lat: number; lng: number } | null, limit: number): Promise<PlaceHit[]>;
  /** The hashtags with the most posts anyone may see, for a box holding only '#'. */
  popularHashtags(limit: number): Promise<HashtagHit[]>;
}

/**
 * What recent searches need of the same areas: the entries the viewer opened, as they are now. An
 * entry missing from the answer is gone and drops out of the history. Hashtags are named by their
 * name (their page is /explore/tags/{name}/), places by id.
 */
export interface RecentSources {
  hashtagsByName(names: string[]): Promise<HashtagHit[]>;
  placesById(ids: string[]): Promise<PlaceHit[]>;
}
