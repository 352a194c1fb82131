import {
  STORY_BRUSH_SIZE_DEFAULT, STORY_BRUSH_SIZE_MAX, STORY_BRUSH_SIZE_MIN, STORY_DEFAULT_BRUSH, STORY_DEFAULT_ENTRY_POINT, STORY_ITEM_SCALE_MIN,
  STORY_STICKER_SCALE_MAX, STORY_TEXT_DEFAULTS, STORY_TEXT_MAX_LENGTH, STORY_TEXT_SCALE_GROWTH_CAP,
  type StoryAudience, type StoryBrush, type StoryColourName, type StoryEntryPoint, type StoryLineType,
} from '@shutter/contract';

/**
 * Story creation (spec 001 "Story creation"): a session picks a photo or a video (from the camera
 * or the viewer's files), decorates it with text, a drawing and stickers on the 9:16 frame, and
 * shares it to everyone or to close friends. Positions are fractions of the frame; sizes are in
 * the frame's design units (it is FRAME_WIDTH units wide, whatever its size on screen).
 */
export const FRAME_WIDTH = 360;
export const FRAME_HEIGHT = 640;

/** Rotation and scale of an item, as the spec keeps them: cos and sin of the angle, and the scale. */
export interface Transform {
  cos: number;
  sin: number;
  scale: number;
}
export const IDENTITY: Transform = { cos: 1, sin: 0, scale: 1 };

export interface TextShadow {
  colour: string;
  offsetX: number;
  offsetY: number;
  blur: number;
}

interface Placed {
  id: string;
  /** The item's centre, as fractions of the frame. */
  x: number;
  y: number;
  transform: Transform;
}

export interface TextItem extends Placed {
  kind: 'text';
  colour: StoryColourName;
  fontSize: number;
  rawText: string;
  /** What the frame shows: the text without the blank lines and spaces around it. */
  renderText: string;
  shadow: TextShadow;
  /** Measured size in design units (0 until measured). */
  width: number;
  height: number;
}

export type StickerContent =
  | { type: 'mention'; userId: string; username: string }
  | { type: 'hashtag'; name: string }
  | { type: 'location'; locationId: string; name: string }
  | { type: 'time'; text: string }
  | { type: 'emoji'; emoji: string };

export interface StickerItem extends Placed {
  kind: 'sticker';
  content: StickerContent;
  variant: number;
  variants: number;
}

export type CanvasItem = TextItem | StickerItem;

export interface DrawLine {
  type: StoryLineType;
  x: number;
  y: number;
  brush: StoryBrush;
  colour: StoryColourName;
  size: number;
}

export interface Drawing {
  colour: StoryColourName;
  lines: DrawLine[];
  /** Where each stroke's lines begin: undo drops the lines from the last one. */
  startIndexes: number[];
}

export interface SourceMedia {
  kind: 'image' | 'video';
  file: Blob;
  name: string;
  url: string;
  width: number;
  height: number;
  /** Seconds, for a video. */
  duration: number;
}

export interface MentionResult {
  id: string;
  username: string;
  full_name: string;
  profile_pic_url: string;
}

export type StoryPhase = 'capture' | 'processing' | 'editing';
export type EditorMode = 'none' | 'text' | 'draw' | 'stickers';
export type StoryShareStatus = 'idle' | 'uploading' | 'configuring' | 'failed';

export interface StoryCreationState {
  sessionId: string;
  /** The upload the server holds for the frame as it is now; '' until uploaded, and again after any change. */
  uploadId: string;
  phase: StoryPhase;
  entryPoint: StoryEntryPoint;
  entryPointHistory: StoryEntryPoint[];
  processError: string | null;
  source: SourceMedia | null;
  mode: EditorMode;
  /** Back to front. */
  items: CanvasItem[];
  editingTextId: string | null;
  drawing: Drawing;
  /** The drawing before the current drawing session, for a discarded one. */
  savedDrawing: Drawing;
  brush: StoryBrush;
  brushSize: number;
  moving: { id: string; overTrash: boolean } | null;
  exitPrompt: boolean;
  share: { status: StoryShareStatus; audience: StoryAudience; progress: number; error: string | null };
  /** People found for mention stickers, by query: kept when the session ends. */
  stickerResults: Record<string, MentionResult[]>;
}

const emptyDrawing = (): Drawing => ({ colour: 'white', lines: [], startIndexes: [] });

export function initialStoryCreation(stickerResults: Record<string, MentionResult[]> = {}): StoryCreationState {
  return {
    sessionId: '',
    uploadId: '',
    phase: 'capture',
    entryPoint: STORY_DEFAULT_ENTRY_POINT,
    entryPointHistory: [],
    processError: null,
    source: null,
    mode: 'none',
    items: [],
    editingTextId: null,
    drawing: emptyDrawing(),
    savedDrawing: emptyDrawing(),
    brush: STORY_DEFAULT_BRUSH,
    brushSize: STORY_BRUSH_SIZE_DEFAULT,
    moving: null,
    exitPrompt: false,
    share: { status: 'idle', audience: 'everyone', progress: 0, error: null },
    stickerResults,
  };
}

export type StoryAction =
  | { type: 'entryPointOpened'; entryPoint: StoryEntryPoint }
  | { type: 'entryPointRequested'; entryPoint: StoryEntryPoint }
  | { type: 'sessionStarted'; sessionId: string }
  | { type: 'processed'; source: SourceMedia }
  | { type: 'processFailed'; message: string }
  | { type: 'mode'; mode: EditorMode }
  | { type: 'textAdd'; id: string }
  | { type: 'textEdit'; id: string }
  | { type: 'textChange'; rawText?: string; colour?: StoryColourName; width?: number; height?: number }
  | { type: 'textSave' }
  | { type: 'drawEdit' }
  | { type: 'drawStart' }
  | { type: 'drawLine'; lineType: StoryLineType; x: number; y: number }
  | { type: 'drawUndo' }
  | { type: 'drawSave' }
  | { type: 'drawDiscard' }
  | { type: 'drawColour'; colour: StoryColourName }
  | { type: 'brush'; brush: StoryBrush }
  | { type: 'brushSize'; size: number }
  | { type: 'stickerAdd'; id: string; content: StickerContent }
  | { type: 'stickerMove'; id: string; x: number; y: number; overTrash: boolean }
  | { type: 'stickerDrop'; id: string }
  | { type: 'stickerTransform'; id: string; transform: Transform }
  | { type: 'stickerReorder'; id: string }
  | { type: 'stickerToggleVariant'; id: string }
  | { type: 'stickerDelete'; id: string }
  | { type: 'stickerResultsCached'; query: string; results: MentionResult[] }
  | { type: 'exitAttempt' }
  | { type: 'exitCancel' }
  | { type: 'exitConfirm' }
  | { type: 'shareStart'; audience: StoryAudience }
  | { type: 'uploadProgress'; progress: number }
  | { type: 'staged'; uploadId: string }
  | { type: 'shareFailed'; message: string }
  | { type: 'reset' };

/** The variants each kind of sticker cycles through (its look: light, coloured, see-through). */
export const STICKER_VARIANTS: Record<StickerContent['type'], number> = { mention: 3, hashtag: 3, location: 3, time: 3, emoji: 2 };

const STICKER_OFFSETS = [0, 0.08, -0.08, 0.16, -0.16];

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const unit = (value: number) => clamp(value, 0, 1);

/** Text grows to just under 52 points; stickers further. Angles are kept as a unit vector. */
export function clampTransform(item: CanvasItem, t: Transform): Transform {
  const length = Math.hypot(t.cos, t.sin) || 1;
  const max = item.kind === 'text' ? 1 + STORY_TEXT_SCALE_GROWTH_CAP : STORY_STICKER_SCALE_MAX;
  return { cos: t.cos / length, sin: t.sin / length, scale: clamp(Number.isFinite(t.scale) ? t.scale : 1, STORY_ITEM_SCALE_MIN, max) };
}

export function renderTextOf(raw: string): string {
  return raw.replace(/\n{3,}/g, '\n\n').trim();
}

export function newTextItem(id: string): TextItem {
  return {
    id,
    kind: 'text',
    x: 0.5,
    y: 0.42,
    transform: IDENTITY,
    colour: STORY_TEXT_DEFAULTS.colour,
    fontSize: STORY_TEXT_DEFAULTS.fontSize,
    rawText: '',
    renderText: '',
    shadow: { ...STORY_TEXT_DEFAULTS.shadow },
    width: 0,
    height: 0,
  };
}

/** Actions that change the frame: the upload made of the frame before them no longer matches it. */
const CHANGES_FRAME = new Set<StoryAction['type']>([
  'textChange', 'textSave', 'drawSave', 'stickerAdd', 'stickerMove', 'stickerDrop', 'stickerTransform', 'stickerReorder', 'stickerToggleVariant', 'stickerDelete', 'processed',
]);

function updateItem(state: StoryCreationState, id: string, update: (item: CanvasItem) => CanvasItem): StoryCreationState {
  const index = state.items.findIndex((item) => item.id === id);
  if (index < 0) return state;
  const items = state.items.slice();
  items[index] = update(items[index]!);
  return { ...state, items };
}

function removeItem(state: StoryCreationState, id: string): StoryCreationState {
  return { ...state, items: state.items.filter((item) => item.id !== id), moving: state.moving?.id === id ? null : state.moving };
}

function reduce(state: StoryCreationState, action: StoryAction): StoryCreationState {
  switch (action.type) {
    case 'entryPointOpened': case 'entryPointRequested': case 'sessionStarted': case 'processed': case 'processFailed': case 'mode': case 'exitAttempt': case 'exitCancel': case 'exitConfirm':
      return reduceSession(state, action);
    case 'textAdd': case 'textEdit': case 'textChange': case 'textSave':
      return reduceText(state, action);
    case 'drawEdit': case 'drawStart': case 'drawLine': case 'drawUndo': case 'drawSave': case 'drawDiscard': case 'drawColour': case 'brush': case 'brushSize':
      return reduceDrawing(state, action);
    case 'stickerAdd': case 'stickerMove': case 'stickerDrop': case 'stickerTransform': case 'stickerReorder': case 'stickerToggleVariant': case 'stickerDelete': case 'stickerResultsCached':
      return reduceSticker(state, action);
    case 'shareStart': case 'uploadProgress': case 'staged': case 'shareFailed': case 'reset':
      return reduceShare(state, action);
  }
}

type SessionAction = Extract<StoryAction, { type: 'entryPointOpened' | 'entryPointRequested' | 'sessionStarted' | 'processed' | 'processFailed' | 'mode' | 'exitAttempt' | 'exitCancel' | 'exitConfirm' }>;

/** The session: its entry point, the processed frame, the editing mode and leaving. */
function reduceSession(state: StoryCreationState, action: SessionAction): StoryCreationState {
  const busy = isStorySharing(state);
  switch (action.type) {
    case 'entryPointOpened':
      return { ...state, entryPoint: action.entryPoint, entryPointHistory: [...state.entryPointHistory, action.entryPoint] };
    case 'entryPointRequested':
      // Back to the capture screen: the frame goes, the sticker results stay.
      return {
        ...initialStoryCreation(state.stickerResults),
        entryPoint: action.entryPoint,
        entryPointHistory: state.entryPointHistory.slice(0, -2),
      };
    case 'sessionStarted':
      return { ...state, sessionId: action.sessionId, phase: 'processing', processError: null };
    case 'processed':
      if (state.phase !== 'processing') return state;
      return { ...state, phase: 'editing', source: action.source, processError: null };
    case 'processFailed':
      return { ...state, phase: 'capture', processError: action.message, sessionId: '' };
    case 'mode':
      if (state.phase !== 'editing' || busy) return state;
      if (action.mode === 'draw') return reduceDrawing(state, { type: 'drawEdit' });
      return { ...state, mode: action.mode };
    case 'exitAttempt':
      return { ...state, exitPrompt: true };
    case 'exitCancel':
      return { ...state, exitPrompt: false };
    case 'exitConfirm':
      return initialStoryCreation(state.stickerResults);
  }
}

type TextAction = Extract<StoryAction, { type: 'textAdd' | 'textEdit' | 'textChange' | 'textSave' }>;

/** Text items: added, edited, typed, saved. */
function reduceText(state: StoryCreationState, action: TextAction): StoryCreationState {
  const busy = isStorySharing(state);
  switch (action.type) {
    case 'textAdd': {
      if (state.phase !== 'editing' || busy || state.source?.kind === 'video') return state;
      return { ...state, mode: 'text', items: [...state.items, newTextItem(action.id)], editingTextId: action.id };
    }
    case 'textEdit': {
      const item = state.items.find((it) => it.id === action.id);
      if (!item || item.kind !== 'text' || busy) return state;
      return { ...state, mode: 'text', editingTextId: action.id };
    }
    case 'textChange': {
      const id = state.editingTextId;
      if (!id) return state;
      return updateItem(state, id, (item) => {
        if (item.kind !== 'text') return item;
        const rawText = action.rawText === undefined ? item.rawText : action.rawText.slice(0, STORY_TEXT_MAX_LENGTH);
        return {
          ...item,
          rawText,
          renderText: renderTextOf(rawText),
          colour: action.colour ?? item.colour,
          width: action.width ?? item.width,
          height: action.height ?? item.height,
        };
      });
    }
    case 'textSave': {
      const id = state.editingTextId;
      if (!id) return state;
      const item = state.items.find((it) => it.id === id);
      const saved = { ...state, mode: 'none' as const, editingTextId: null };
      // R-001-story-creation-7: saving empty text removes the item.
      return item && item.kind === 'text' && item.renderText === '' ? removeItem(saved, id) : saved;
    }
  }
}

type DrawingAction = Extract<StoryAction, { type: 'drawEdit' | 'drawStart' | 'drawLine' | 'drawUndo' | 'drawSave' | 'drawDiscard' | 'drawColour' | 'brush' | 'brushSize' }>;

/** The drawing: its strokes, brush and colour, saved or discarded as a whole. */
function reduceDrawing(state: StoryCreationState, action: DrawingAction): StoryCreationState {
  const busy = isStorySharing(state);
  switch (action.type) {
    case 'drawEdit':
      if (state.phase !== 'editing' || busy || state.source?.kind === 'video') return state;
      return { ...state, mode: 'draw', savedDrawing: state.drawing };
    case 'drawStart':
      if (state.mode !== 'draw') return state;
      return { ...state, drawing: { ...state.drawing, startIndexes: [...state.drawing.startIndexes, state.drawing.lines.length] } };
    case 'drawLine': {
      if (state.mode !== 'draw' || state.drawing.startIndexes.length === 0) return state;
      const line: DrawLine = { type: action.lineType, x: unit(action.x), y: unit(action.y), brush: state.brush, colour: state.drawing.colour, size: state.brushSize };
      return { ...state, drawing: { ...state.drawing, lines: [...state.drawing.lines, line] } };
    }
    case 'drawUndo': {
      const starts = state.drawing.startIndexes;
      if (starts.length === 0) return state;
      const from = starts[starts.length - 1]!;
      return { ...state, drawing: { ...state.drawing, lines: state.drawing.lines.slice(0, from), startIndexes: starts.slice(0, -1) } };
    }
    case 'drawSave':
      if (state.mode !== 'draw') return state;
      return { ...state, mode: 'none', savedDrawing: state.drawing };
    case 'drawDiscard':
      if (state.mode !== 'draw') return state;
      return { ...state, mode: 'none', drawing: state.savedDrawing };
    case 'drawColour':
      return { ...state, drawing: { ...state.drawing, colour: action.colour } };
    case 'brush':
      return { ...state, brush: action.brush };
    case 'brushSize':
      return { ...state, brushSize: Math.round(clamp(action.size, STORY_BRUSH_SIZE_MIN, STORY_BRUSH_SIZE_MAX)) };
  }
}

type StickerAction = Extract<StoryAction, { type: 'stickerAdd' | 'stickerMove' | 'stickerDrop' | 'stickerTransform' | 'stickerReorder' | 'stickerToggleVariant' | 'stickerDelete' | 'stickerResultsCached' }>;

/** Stickers: added, moved, dropped (on the trash, deleted), turned, scaled and searched for. */
function reduceSticker(state: StoryCreationState, action: StickerAction): StoryCreationState {
  const busy = isStorySharing(state);
  switch (action.type) {
    case 'stickerAdd': {
      if (state.phase !== 'editing' || busy) return state;
      // Each new sticker a little lower than the last, so that none hides another.
      const y = 0.5 + STICKER_OFFSETS[state.items.filter((it) => it.kind === 'sticker').length % STICKER_OFFSETS.length]!;
      const sticker: StickerItem = { id: action.id, kind: 'sticker', content: action.content, x: 0.5, y, transform: IDENTITY, variant: 0, variants: STICKER_VARIANTS[action.content.type] };
      return { ...state, mode: 'none', items: [...state.items, sticker] };
    }
    case 'stickerMove':
      if (busy) return state;
      return { ...updateItem(state, action.id, (item) => ({ ...item, x: unit(action.x), y: unit(action.y) })), moving: { id: action.id, overTrash: action.overTrash } };
    case 'stickerDrop': {
      const overTrash = state.moving?.id === action.id && state.moving.overTrash;
      const dropped = { ...state, moving: null };
      return overTrash ? removeItem(dropped, action.id) : dropped;
    }
    case 'stickerTransform':
      if (busy) return state;
      return updateItem(state, action.id, (item) => ({ ...item, transform: clampTransform(item, action.transform) }));
    case 'stickerReorder': {
      const item = state.items.find((it) => it.id === action.id);
      if (!item || state.items[state.items.length - 1] === item) return state;
      return { ...state, items: [...state.items.filter((it) => it !== item), item] };
    }
    case 'stickerToggleVariant':
      return updateItem(state, action.id, (item) => (item.kind === 'sticker' ? { ...item, variant: (item.variant + 1) % item.variants } : item));
    case 'stickerDelete':
      if (busy) return state;
      return removeItem(state, action.id);
    case 'stickerResultsCached':
      return { ...state, stickerResults: { ...state.stickerResults, [action.query]: action.results } };
  }
}

type ShareAction = Extract<StoryAction, { type: 'shareStart' | 'uploadProgress' | 'staged' | 'shareFailed' | 'reset' }>;

/** Sharing: the upload of the frame and its configuration as a story. */
function reduceShare(state: StoryCreationState, action: ShareAction): StoryCreationState {
  const busy = isStorySharing(state);
  switch (action.type) {
    case 'shareStart':
      if (state.phase !== 'editing' || busy) return state;
      return { ...state, mode: 'none', editingTextId: null, share: { status: state.uploadId ? 'configuring' : 'uploading', audience: action.audience, progress: state.uploadId ? 1 : 0, error: null } };
    case 'uploadProgress':
      if (state.share.status !== 'uploading') return state;
      return { ...state, share: { ...state.share, progress: unit(action.progress) } };
    case 'staged':
      if (state.share.status !== 'uploading') return state;
      return { ...state, uploadId: action.uploadId, share: { ...state.share, status: 'configuring', progress: 1 } };
    case 'shareFailed':
      return { ...state, share: { ...state.share, status: 'failed', error: action.message } };
    case 'reset':
      // R-001-story-creation-3: the sticker results outlive the session.
      return initialStoryCreation(state.stickerResults);
  }
}

export function storyReducer(state: StoryCreationState, action: StoryAction): StoryCreationState {
  const next = reduce(state, action);
  if (next === state || !CHANGES_FRAME.has(action.type) || !next.uploadId) return next;
  return { ...next, uploadId: '' };
}

/** Whether leaving would lose something: a photo or video picked. */
export const hasStoryWork = (state: StoryCreationState): boolean => state.source !== null;
export const isStorySharing = (state: StoryCreationState): boolean => state.share.status === 'uploading' || state.share.status === 'configuring';

/** The lines of each stroke. */
export function strokesOf(drawing: Drawing): DrawLine[][] {
  return drawing.startIndexes.map((start, index) => drawing.lines.slice(start, drawing.startIndexes[index + 1] ?? drawing.lines.length)).filter((s) => s.length > 0);
}

export const angleOf = (t: Transform): number => Math.atan2(t.sin, t.cos);
export const rotated = (t: Transform, radians: number): Transform => {
  const angle = angleOf(t) + radians;
  return { cos: Math.cos(angle), sin: Math.sin(angle), scale: t.scale };
};
