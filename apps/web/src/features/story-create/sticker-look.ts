import type { StickerContent, StickerItem } from './story-reducer';

/**
 * How a sticker looks, in design units: the frame shows it with CSS and the flattened image
 * paints it on a canvas from these same numbers, so both read alike.
 */
export const STORY_FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

const ACCENT: Record<StickerContent['type'], string> = {
  mention: '#d6249f',
  hashtag: '#a307ba',
  location: '#0064d1',
  time: '#262626',
  emoji: '#262626',
};

export interface StickerLook {
  text: string;
  fontSize: number;
  fontWeight: number;
  colour: string;
  /** null: no plate behind the text. */
  background: string | null;
  paddingX: number;
  paddingY: number;
  radius: number;
}

export function stickerLabel(content: StickerContent): string {
  switch (content.type) {
    case 'mention': return `@${content.username}`;
    case 'hashtag': return `#${content.name}`;
    case 'location': return content.name.toUpperCase();
    case 'time': return content.text;
    case 'emoji': return content.emoji;
  }
}

/** Variant 0 is a white plate with coloured text, 1 a coloured plate with white text, 2 see-through. */
export function stickerLook(sticker: Pick<StickerItem, 'content' | 'variant'>): StickerLook {
  const text = stickerLabel(sticker.content);
  if (sticker.content.type === 'emoji') {
    return sticker.variant === 1
      ? { text, fontSize: 40, fontWeight: 400, colour: '#000', background: '#ffffff', paddingX: 10, paddingY: 8, radius: 32 }
      : { text, fontSize: 56, fontWeight: 400, colour: '#000', background: null, paddingX: 0, paddingY: 0, radius: 0 };
  }
  const fontSize = sticker.content.type === 'time' ? 30 : 20;
  const accent = ACCENT[sticker.content.type];
  const base = { text, fontSize, fontWeight: 700, paddingX: 12, paddingY: 8, radius: 8 };
  if (sticker.variant === 1) return { ...base, colour: '#ffffff', background: accent };
  if (sticker.variant === 2) return { ...base, colour: '#ffffff', background: 'rgba(0, 0, 0, 0.4)' };
  return { ...base, colour: accent, background: '#ffffff' };
}

export const fontOf = (weight: number, size: number) => `${weight} ${size}px ${STORY_FONT}`;
export const TEXT_LINE_HEIGHT = 1.25;
