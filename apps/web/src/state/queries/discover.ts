import { useInfiniteQuery } from '@tanstack/react-query';
import type { Edges, MediaNode } from '@shutter/contract';
import { runQuery } from '../../lib/run-query';
import { hashtagMediaKey, locationMediaKey } from './post';
import { GRID_PAGE, nextCursor, toGridPage, type GridPage } from './profile';

/** The discover resource: a hashtag's and a place's newest posts, with their heading (keys in post.ts, with the other lists of posts). */

export type Grid = Edges<MediaNode> & { count: number };
export interface HashtagGrid {
  name: string;
  edge_hashtag_to_media: Grid;
}
export interface LocationGrid {
  name: string;
  edge_location_to_media: Grid;
}

/** One page of a hashtag's or place's grid as the cache keeps it: the posts, the title and the count. */
export type PostsGridPage = GridPage & { title: string; count: number };

export const hashtagGridPage = (hashtag: HashtagGrid): PostsGridPage => ({
  ...toGridPage(hashtag.edge_hashtag_to_media),
  title: `#${hashtag.name}`,
  count: hashtag.edge_hashtag_to_media.count,
});

export const locationGridPage = (location: LocationGrid): PostsGridPage => ({
  ...toGridPage(location.edge_location_to_media),
  title: location.name,
  count: location.edge_location_to_media.count,
});

/** The tag as its key names it: without `#`, in lower case (the page's path may differ). */
export const normalTag = (tag: string) => tag.replace(/^#/, '').toLowerCase();

function usePostsGrid(key: readonly unknown[], load: (after: string | null) => Promise<PostsGridPage>) {
  return useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) => load(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: nextCursor,
  });
}

export type PostsGridQuery = ReturnType<typeof usePostsGrid>;

export function useHashtagMedia(tag: string): PostsGridQuery {
  return usePostsGrid(hashtagMediaKey(tag), async (after) =>
    hashtagGridPage((await runQuery<{ hashtag: HashtagGrid }>('hashtag_media', { tag_name: tag, first: GRID_PAGE, after })).hashtag),
  );
}

export function useLocationMedia(id: string): PostsGridQuery {
  return usePostsGrid(locationMediaKey(id), async (after) =>
    locationGridPage((await runQuery<{ location: LocationGrid }>('location_media', { id, first: GRID_PAGE, after })).location),
  );
}
