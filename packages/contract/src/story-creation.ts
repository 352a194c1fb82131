/**
 * The story editor's constants (spec 001 §9): brushes, brush sizes, text defaults, the colour
 * palette, the text scale cap, the entry points, and the paths story creation lives on.
 */

/** Story creation lives on the paths beginning with /create/story (the post flow has the other /create/ paths). */
export const STORY_CREATE_PATH = '/create/story/';
export function isStoryCreatePath(pathname: string): boolean {
  return pathname === '/create/story' || pathname.startsWith('/create/story/');
}

/** Where a story starts: the quick camera button (the default) or the viewer's files. */
export const STORY_ENTRY_POINTS = ['quick_camera_button', 'gallery'] as const;
export type StoryEntryPoint = (typeof STORY_ENTRY_POINTS)[number];
export const STORY_DEFAULT_ENTRY_POINT: StoryEntryPoint = 'quick_camera_button';

export const STORY_BRUSHES = ['magic', 'marker', 'eraser', 'chisel'] as const;
export type StoryBrush = (typeof STORY_BRUSHES)[number];
export const STORY_DEFAULT_BRUSH: StoryBrush = 'marker';
export const STORY_BRUSH_SIZE_MIN = 1;
export const STORY_BRUSH_SIZE_MAX = 22;
export const STORY_BRUSH_SIZE_DEFAULT = 10;

/** A drawn stroke is a list of lines: `curve` points while the pen moves, `end` where it lifts, one `dot` for a tap. */
export const STORY_LINE_TYPES = ['curve', 'dot', 'end'] as const;
export type StoryLineType = (typeof STORY_LINE_TYPES)[number];

/** The palette of text and drawing, in this order. */
export const STORY_COLOURS = [
  { name: 'yellow', value: '#fdcb5c' },
  { name: 'orange', value: '#fd8d32' },
  { name: 'pink', value: '#ed4956' },
  { name: 'purple', value: '#a307ba' },
  { name: 'blue', value: '#3897f0' },
  { name: 'green', value: '#70c050' },
  { name: 'black', value: '#000000' },
  { name: 'white', value: '#ffffff' },
] as const;
export type StoryColourName = (typeof STORY_COLOURS)[number]['name'];
export const storyColourValue = (name: StoryColourName): string => STORY_COLOURS.find((c) => c.name === name)!.value;

/** A new text item: 22 points, white, semibold, with a soft translucent grey shadow below it. */
export const STORY_TEXT_DEFAULTS = {
  fontSize: 22,
  colour: 'white' as StoryColourName,
  fontWeight: 600,
  shadow: { colour: 'rgba(150, 150, 150, 0.3)', offsetX: 0, offsetY: 1, blur: 2 },
} as const;
/** The size text may grow to, never reached: a text item's scale grows by less than 52/22 − 1. */
export const STORY_TEXT_MAX_FONT_SIZE = 52;
export const STORY_TEXT_SCALE_GROWTH_CAP = STORY_TEXT_MAX_FONT_SIZE / STORY_TEXT_DEFAULTS.fontSize - 1 - 1e-3;
/** Our choice: the longest text item. */
export const STORY_TEXT_MAX_LENGTH = 200;
/** Our choice: how small a sticker or a text may be made. */
export const STORY_ITEM_SCALE_MIN = 0.4;
/** Our choice: how large a sticker (not text) may be made. */
export const STORY_STICKER_SCALE_MAX = 4;
