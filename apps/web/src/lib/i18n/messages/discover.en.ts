/** Hashtag and place pages, and the screens still to come. */
export const discoverEn = {
  'discover.postCount': '{count} posts',
  'discover.postCountOne': '1 post',
  'discover.recent': 'Most recent',
  'discover.tagLabel': 'Posts tagged {name}',
  'discover.placeLabel': 'Posts at {name}',
  'discover.empty': 'No posts yet',
  'discover.emptyBody': 'When people share posts here that you can see, they will show up here.',
  'discover.error': "Couldn't load these posts. Check your connection and try again.",
} as const;
