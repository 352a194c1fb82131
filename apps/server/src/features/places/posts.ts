import { decodeIdCursor, toPage } from '../../platform/cursors.js';
import type { MediaHydrator } from '../posts/hydrate.js';
import { CARD_OPTIONS } from '../posts/service.js';
import type { PlacePostsRepository } from './posts.repository.js';
import type { Places } from './service.js';

const GRID = { ...CARD_OPTIONS, comments: 0, likers: 0 };

/** A place's grids of posts: its newest and its top ones, as the viewer may see them. */
export function createPlacePosts(repo: PlacePostsRepository, places: Pick<Places, 'find'>, hydrate: MediaHydrator) {
  return {
    /**
     * A place's newest posts the viewer may see. The count is of all its posts: a number, which
     * shows nothing of the posts the viewer may not see.
     */
    async location(locationId: string, viewerId: string | null, first: number, after: string | null | undefined) {
      const place = await places.find(locationId);
      const ids = await repo.locationIds(place.id, viewerId, first, decodeIdCursor(after));
      const { items, page_info } = toPage(ids, first, (id) => [id]);
      const nodes = await hydrate(items, viewerId, GRID);
      return { id: place.id, name: place.name, slug: place.slug, edge_location_to_media: { count: place.media_count, edges: nodes.map((node) => ({ node })), page_info } };
    },

    /** A place's most liked and commented posts the viewer may see. */
    async locationTop(locationId: string, viewerId: string | null, first: number) {
      const ids = await repo.locationTopIds(locationId, viewerId, first);
      const nodes = await hydrate(ids, viewerId, GRID);
      return { edges: nodes.map((node) => ({ node })) };
    },
  };
}
export type PlacePosts = ReturnType<typeof createPlacePosts>;
