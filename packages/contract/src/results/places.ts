import { z } from 'zod';
import { edgesOf, idString } from './common.js';
import { location, mediaNode } from './posts.js';

/**
 * Places and the location directory. Directory ids: a country by its ISO code (`US`), a city by
 * `c` and its id (`c5128581`), a place by its id; a city is also a place posts are taken at,
 * under its plain id.
 */

const ok = z.literal('ok');
const directoryLink = z.object({ id: z.string(), name: z.string(), slug: z.string() });
const countedLink = directoryLink.extend({ media_count: z.number().int() });
const nextPage = z.string().nullable().describe('The key of the next page, sent back as ?page=; null on the last page.');

export const placeKind = z.enum(['country', 'city', 'place']);

/** A place's page: where it is, its top posts and its newest posts (paged with `location_media`). */
export const placeDetail = location.extend({
  kind: placeKind,
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  city: directoryLink.nullable(),
  country: directoryLink.nullable(),
  /** The city's page in the directory, when the place is a city. */
  directory_id: z.string().nullable(),
  edge_location_to_top_posts: edgesOf(mediaNode),
}).meta({ id: 'PlaceDetail' });

export const countryInfo = directoryLink.meta({ id: 'CountryInfo' });
export const cityInfo = directoryLink.extend({
  /** The city as a place posts are taken at. */
  location_id: idString,
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  media_count: z.number().int(),
}).meta({ id: 'CityInfo' });

export const placePage = z.object({ graphql: z.object({ location: placeDetail }), status: ok });
export const countryPage = z.object({ country_info: countryInfo, city_list: z.array(countedLink), next_page: nextPage, status: ok });
export const cityPage = z.object({ country_info: countryInfo.nullable(), city_info: cityInfo, location_list: z.array(countedLink), next_page: nextPage, status: ok });
export const directoryLanding = z.object({ country_list: z.array(directoryLink), next_page: nextPage, status: ok });

/** One answer of GET /location_search/. */
export const venue = z.object({
  external_id: z.string(),
  external_id_source: z.enum(['geonames', 'shutter']),
  name: z.string(),
  address: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  location: z.object({
    pk: idString,
    name: z.string(),
    address: z.string(),
    city: z.string(),
    lat: z.number().nullable(),
    lng: z.number().nullable(),
    external_source: z.enum(['geonames', 'shutter']),
  }),
  title: z.string(),
  subtitle: z.string(),
  slug: z.string(),
  media_count: z.number().int(),
  position: z.number().int(),
}).meta({ id: 'Venue' });

export const locationSearch = z.object({ venues: z.array(venue), rank_token: z.string(), status: ok }).meta({ id: 'LocationSearch' });

export type PlaceDetail = z.infer<typeof placeDetail>;
export type PlacePageData = z.infer<typeof placePage>;
export type CountryPageData = z.infer<typeof countryPage>;
export type CityPageData = z.infer<typeof cityPage>;
export type DirectoryLandingData = z.infer<typeof directoryLanding>;
export type Venue = z.infer<typeof venue>;
export type LocationSearchResult = z.infer<typeof locationSearch>;
