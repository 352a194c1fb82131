import type { storyRingEn } from './story-ring.en';

export const storyRingEs: Record<keyof typeof storyRingEn, string> = {
  'storyRing.unseen': 'Historia de {username}, sin ver',
  'storyRing.seen': 'Historia de {username}, vista',
  'storyRing.besties': 'Historia de {username} para mejores amigos, sin ver',
};
