import { z } from 'zod';
import { STORY_MENTIONS_MAX, STORY_STICKERS_MAX } from './stories.js';

const numeric = /^\d{1,20}$/;

/** Kept apart from stories.ts so that the web client takes the stories constants without zod. */
const unit = z.number().min(0).max(1);
/** Where a sticker sits on the 9:16 canvas: its centre and size as fractions of the canvas, its rotation in radians. */
const placement = {
  x: unit, y: unit, width: unit, height: unit,
  rotation: z.number().min(-2 * Math.PI).max(2 * Math.PI).default(0),
};
/**
 * A sticker as sent with a story (`story_stickers`, a JSON list): the composed image already shows
 * it; this says what it links to, so the viewer can make it tappable and mentions can notify.
 */
export const storySticker = z.discriminatedUnion('type', [
  z.object({ type: z.literal('mention'), user_id: z.string().regex(numeric), ...placement }),
  z.object({ type: z.literal('hashtag'), name: z.string().regex(/^#?[\p{L}\p{N}_]{1,100}$/u), ...placement }),
  z.object({ type: z.literal('location'), location_id: z.string().regex(numeric), ...placement }),
  z.object({ type: z.literal('time'), text: z.string().min(1).max(40), ...placement }),
  z.object({ type: z.literal('emoji'), emoji: z.string().min(1).max(16), ...placement }),
]);
export type StorySticker = z.infer<typeof storySticker>;
export const storyStickers = z.array(storySticker).max(STORY_STICKERS_MAX)
  .refine((list) => list.filter((s) => s.type === 'mention').length <= STORY_MENTIONS_MAX, `A story can mention at most ${STORY_MENTIONS_MAX} people.`);
