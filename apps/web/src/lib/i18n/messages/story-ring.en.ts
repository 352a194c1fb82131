/** The story ring around people's pictures: what a screen reader hears for a ringed picture. */
export const storyRingEn = {
  'storyRing.unseen': "{username}'s story, unseen",
  'storyRing.seen': "{username}'s story, seen",
  'storyRing.besties': "{username}'s close friends story, unseen",
} as const;
